import {
  createKafkaClient,
  deleteTopics as deleteExistingTopics,
  KafkaClient,
  KafkaClientConfig,
  KafkaSecurity,
  requireKafkaSecurity,
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

/** Deletes those of `topics` that exist (a test's cleanup). */
export async function deleteTopics(kafka: KafkaClient, topics: readonly string[]): Promise<void> {
  await deleteExistingTopics(kafka, topics);
}
