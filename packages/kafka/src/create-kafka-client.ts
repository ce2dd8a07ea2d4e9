import { KafkaClient, KafkaClientConfig } from './port/kafka-port';
import { KafkaJsClient } from './kafkajs/kafkajs-client';
import { kafkaJsKeyPartition } from './kafkajs/key-partition';

/**
 * The process's Kafka client. The one place that picks the adapter: another client library is another
 * adapter of ./port/kafka-port.ts, chosen here.
 */
export function createKafkaClient(config: KafkaClientConfig): KafkaClient {
  return KafkaJsClient.fromConfig(config);
}

/** The partition (of `partitions`) every producer of the platform sends a message keyed `key` to. */
export function keyPartition(key: string, partitions: number): number {
  return kafkaJsKeyPartition(key, partitions);
}
