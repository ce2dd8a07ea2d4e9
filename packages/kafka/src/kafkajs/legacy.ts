// DEPRECATED bridge for code that still holds a kafkajs `Kafka` (apps/bet-ledger, table-kit's src/testing).
// Delete this file and its exports in ../index.ts once they use the port (see the mapping in the README).
import { Kafka } from 'kafkajs';
import { KafkaClient, KafkaClientConfig } from '../port/kafka-port';
import { KafkaJsClient, kafkaJsConfig } from './kafkajs-client';

/** @deprecated The kafkajs client type, for code not switched to the port yet. */
export type LegacyKafkaJs = Kafka;

/** @deprecated A raw kafkajs client with the port's configuration; use createKafkaClient. */
export function legacyKafkaJs(config: KafkaClientConfig): LegacyKafkaJs {
  return new Kafka(kafkaJsConfig(config));
}

/** @deprecated The port's client over `kafka`, which may still be a raw kafkajs client. */
export function asKafkaClient(kafka: KafkaClient | LegacyKafkaJs): KafkaClient {
  return kafka instanceof Kafka ? new KafkaJsClient(kafka) : kafka;
}
