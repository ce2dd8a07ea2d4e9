import {
  createKafkaClient,
  deleteTopics as deleteExistingTopics,
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
