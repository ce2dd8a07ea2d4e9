import { Kafka, logLevel } from 'kafkajs';

export function kafkaBrokers(): string[] {
  return (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
}

export function createKafka(clientId: string): Kafka {
  return new Kafka({
    clientId,
    brokers: kafkaBrokers(),
    logLevel: logLevel.ERROR,
    retry: { retries: 8, initialRetryTime: 100 },
  });
}

export async function deleteTopics(kafka: Kafka, topics: readonly string[]): Promise<void> {
  if (topics.length === 0) return;
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const present = topics.filter((t) => existing.has(t));
    if (present.length > 0) await admin.deleteTopics({ topics: present, timeout: 10_000 });
  } finally {
    await admin.disconnect();
  }
}
