/** The game services' Kafka adapter (`@casino/table-kit/kafka`). */
export * from './kafka/kafka-port';
