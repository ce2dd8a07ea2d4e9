import {
  asKafkaClient,
  createKafkaClient,
  deleteTopics as deleteExistingTopics,
  KafkaClient,
  KafkaClientConfig,
  legacyKafkaJs,
  LegacyKafkaJs,
} from '@casino/kafka';

export function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
}

function testConfig(clientId: string): KafkaClientConfig {
  return { clientId, brokers: kafkaBrokers(), retry: { retries: 8, initialRetryTimeMs: 100 } };
}

/** A client of the test broker (KAFKA_BROKERS, default 127.0.0.1:9092). */
export function createKafka(clientId: string): KafkaClient {
  return createKafkaClient(testConfig(clientId));
}

/**
 * @deprecated What `createKafka` returned before @casino/kafka: a raw kafkajs client. Only for test code not
 * switched to the port yet (apps/bet-ledger/test/support/ledger-harness.ts, the services' harness through
 * @casino/service-testing's TestInfrastructure); use createKafka.
 */
export function createLegacyKafkaJs(clientId: string): LegacyKafkaJs {
  return legacyKafkaJs(testConfig(clientId));
}

/** Deletes those of `topics` that exist (a test's cleanup). Also takes a legacy kafkajs client, for now. */
export async function deleteTopics(
  kafka: KafkaClient | LegacyKafkaJs,
  topics: readonly string[],
): Promise<void> {
  await deleteExistingTopics(asKafkaClient(kafka), topics);
}
