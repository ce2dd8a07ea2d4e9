// DEPRECATED: ensureTopics and missingTopics have moved to @casino/kafka, where they take its KafkaClient.
// These forwards only keep apps/bet-ledger compiling (its ledger.runtime.ts and test/support/ledger-harness.ts
// pass a kafkajs Kafka) until it imports them from @casino/kafka; then delete this file, its line in index.ts
// and this package's dependency on @casino/kafka.
import {
  asKafkaClient,
  ensureTopics as ensureKafkaTopics,
  KafkaClient,
  LegacyKafkaJs,
  missingTopics as missingKafkaTopics,
  TopicRequest,
} from '@casino/kafka';

/** @deprecated Import ensureTopics from @casino/kafka and pass its KafkaClient. */
export function ensureTopics(
  kafka: KafkaClient | LegacyKafkaJs,
  topics: readonly TopicRequest[],
  timeoutMs = 30_000,
): Promise<string[]> {
  return ensureKafkaTopics(asKafkaClient(kafka), topics, timeoutMs);
}

/** @deprecated Import missingTopics from @casino/kafka and pass its KafkaClient. */
export function missingTopics(
  kafka: KafkaClient | LegacyKafkaJs,
  topics: readonly string[],
): Promise<string[]> {
  return missingKafkaTopics(asKafkaClient(kafka), topics);
}
