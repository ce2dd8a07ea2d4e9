import {
  createKafkaClient,
  deleteTopics as deleteExistingTopics,
  KafkaClient,
  KafkaClientConfig,
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

/** Deletes those of `topics` that exist (a test's cleanup). */
export async function deleteTopics(kafka: KafkaClient, topics: readonly string[]): Promise<void> {
  await deleteExistingTopics(kafka, topics);
}
