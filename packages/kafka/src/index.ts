export * from './port/kafka-port';
export * from './create-kafka-client';
export * from './topic-admin';
// Deprecated: for code that still passes or needs a raw kafkajs client; removed once it is switched.
