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

export interface TopicRequest {
  topic: string;
  numPartitions?: number;
}

/**
 * Creates topics and waits until every partition has a leader. A broker that has just started (CI's first
 * suites) may answer "does not host this topic-partition" for a moment after creation, so retriable errors
 * are retried for up to 30 s.
 */
export async function createTopics(kafka: Kafka, topics: readonly TopicRequest[]): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + 30_000;
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.createTopics({
          topics: topics.map((t) => ({ topic: t.topic, numPartitions: t.numPartitions ?? 1 })),
          waitForLeaders: true,
        });
        const metadata = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.topic) });
        if (metadata.topics.every((t) => t.partitions.every((p) => p.leader >= 0))) return;
        throw Object.assign(new Error('partitions without a leader yet'), { retriable: true });
      } catch (err) {
        const retriable = (err as { retriable?: boolean }).retriable === true;
        if (!retriable || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, Math.min(100 * attempt, 1000)));
      }
    }
  } finally {
    await admin.disconnect();
  }
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
