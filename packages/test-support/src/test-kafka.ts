import {
  createKafkaClient,
  deleteTopics as deleteExistingTopics,
  ensureTopics,
  grantPlatformAccess,
  KafkaClient,
  KafkaClientConfig,
  KafkaSecurity,
  requireKafkaSecurity,
  revokePlatformAccess,
} from '@casino/kafka';

export function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
}

/**
 * How tests reach the broker: KAFKA_SECURITY, KAFKA_SASL_* and KAFKA_TLS* of the environment; on a SASL broker as
 * the admin unless KAFKA_SASL_USERNAME says otherwise (tests create their own topics). Throws on a bad setting.
 */
export function testKafkaSecurity(): KafkaSecurity {
  return requireKafkaSecurity(process.env, { username: 'admin' });
}

function testConfig(clientId: string): KafkaClientConfig {
  return {
    clientId,
    brokers: kafkaBrokers(),
    retry: { retries: 8, initialRetryTimeMs: 100 },
    security: testKafkaSecurity(),
  };
}

/** A client of the test broker (KAFKA_BROKERS, default 127.0.0.1:9092; KAFKA_SECURITY). */
export function createKafka(clientId: string): KafkaClient {
  return createKafkaClient(testConfig(clientId));
}

/**
 * On a SASL broker (KAFKA_SECURITY=sasl), the platform's ACLs on a test's topic prefix, so that the ledger and the
 * services it starts, each its own principal, may use its topics (their consumer groups must start with the prefix
 * and the principal: `<prefix>bet-ledger…`, `<prefix>baccarat…`); nothing on a plaintext broker. `topics`: TOPICS
 * of @casino/events. Resolves to the cleanup that removes them.
 */
export async function grantTestTopicAccess(
  kafka: KafkaClient,
  topics: Readonly<Record<string, string>>,
  prefix: string,
): Promise<() => Promise<void>> {
  if (!testKafkaSecurity().sasl) return async () => undefined;
  await grantPlatformAccess(kafka, topics, prefix);
  return async () => {
    await revokePlatformAccess(kafka, topics, prefix);
  };
}

/** Deletes those of `topics` that exist (a test's cleanup). */
export async function deleteTopics(kafka: KafkaClient, topics: readonly string[]): Promise<void> {
  await deleteExistingTopics(kafka, topics);
}

export interface TestTopics {
  /** TOPICS of @casino/events (key → base name), for the ACLs. */
  topics: Readonly<Record<string, string>>;
  /** The prefixed topics with their partitions (prefixedTopicSpecs of @casino/events). */
  specs: readonly { name: string; partitions: number }[];
  /** At most this many partitions per topic (tests: fewer to create quickly). */
  maxPartitions?: number;
}

/**
 * A test prefix's topics, created as the admin, and on a SASL broker the platform's ACLs on them: the ledger and
 * services a test starts on its prefix are each their own principal, with no right to create topics (their
 * consumer groups must be named `<prefix><principal>…`). Resolves to the cleanup: ACLs revoked, topics deleted.
 */
export async function prepareTestTopics(
  kafka: KafkaClient,
  prefix: string,
  { topics, specs, maxPartitions }: TestTopics,
): Promise<() => Promise<void>> {
  await ensureTopics(
    kafka,
    specs.map((t) => ({
      topic: t.name,
      numPartitions: Math.min(t.partitions, maxPartitions ?? t.partitions),
    })),
  );
  const revoke = await grantTestTopicAccess(kafka, topics, prefix);
  return async () => {
    await revoke().catch(() => undefined);
    await deleteTopics(
      kafka,
      specs.map((t) => t.name),
    ).catch(() => undefined);
  };
}
