import { KafkaClient, KafkaClientConfig } from './port/kafka-port';
import { KafkaJsClient } from './kafkajs/kafkajs-client';

/**
 * The process's Kafka client. The one place that picks the adapter: another client library is another
 * adapter of ./port/kafka-port.ts, chosen here.
 */
export function createKafkaClient(config: KafkaClientConfig): KafkaClient {
  return KafkaJsClient.fromConfig(config);
}
