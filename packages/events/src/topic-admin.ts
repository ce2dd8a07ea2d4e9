import { Kafka } from 'kafkajs';

export interface TopicRequest {
  topic: string;
  numPartitions?: number;
}

const isRetriable = (err: unknown) => (err as { retriable?: boolean }).retriable === true;

/** The names of `topics` that the broker does not have. */
export async function missingTopics(kafka: Kafka, topics: readonly string[]): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    return topics.filter((t) => !existing.has(t));
  } finally {
    await admin.disconnect();
  }
}

/**
 * Creates the topics that are missing and waits until every partition has a leader; returns the names it
 * created. A broker that has just started may answer "does not host this topic-partition" (or have no leader
 * yet) for a moment after creation, so retriable errors are retried until `timeoutMs`.
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: readonly TopicRequest[],
  timeoutMs = 30_000,
): Promise<string[]> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const deadline = Date.now() + timeoutMs;
    let created: string[] | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!created) {
          const existing = new Set(await admin.listTopics());
          const missing = topics.filter((t) => !existing.has(t.topic));
          // false when another process created them first: they exist either way.
          await admin.createTopics({
            topics: missing.map((t) => ({ topic: t.topic, numPartitions: t.numPartitions ?? 1 })),
            waitForLeaders: true,
          });
          created = missing.map((t) => t.topic);
        }
        const metadata = await admin.fetchTopicMetadata({ topics: topics.map((t) => t.topic) });
        if (metadata.topics.every((t) => t.partitions.every((p) => p.leader >= 0))) return created;
        throw Object.assign(new Error('partitions without a leader yet'), { retriable: true });
      } catch (err) {
        if (!isRetriable(err) || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, Math.min(100 * attempt, 1_000)));
      }
    }
  } finally {
    await admin.disconnect();
  }
}
