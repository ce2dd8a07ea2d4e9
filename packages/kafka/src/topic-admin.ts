import { isRetriableKafkaError, KafkaClient, TopicRequest } from './port/kafka-port';
import { withAdmin } from './admin/with-admin';

/** The names of `topics` that the broker does not have. */
export function missingTopics(client: KafkaClient, topics: readonly string[]): Promise<string[]> {
  return withAdmin(client, async (admin) => {
    const existing = new Set(await admin.listTopics());
    return topics.filter((t) => !existing.has(t));
  });
}

/**
 * Creates the topics that are missing and waits until every partition has a leader; returns the names it
 * created. A broker that has just started may answer "does not host this topic-partition" (or have no leader
 * yet) for a moment after creation, so retriable errors are retried until `timeoutMs`.
 */
export function ensureTopics(
  client: KafkaClient,
  topics: readonly TopicRequest[],
  timeoutMs = 30_000,
): Promise<string[]> {
  return withAdmin(client, async (admin) => {
    const deadline = Date.now() + timeoutMs;
    let created: string[] | undefined;
    for (let attempt = 1; ; attempt++) {
      try {
        if (!created) {
          const existing = new Set(await admin.listTopics());
          const missing = topics.filter((t) => !existing.has(t.topic));
          // false when another process created them first: they exist either way.
          if (missing.length > 0) await admin.createTopics(missing);
          created = missing.map((t) => t.topic);
        }
        const metadata = await admin.fetchTopicMetadata(topics.map((t) => t.topic));
        if (metadata.every((t) => t.partitions.every((p) => p.leader >= 0))) return created;
        throw Object.assign(new Error('partitions without a leader yet'), { retriable: true });
      } catch (err) {
        if (!isRetriableKafkaError(err) || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, Math.min(100 * attempt, 1_000)));
      }
    }
  });
}

/** Deletes those of `topics` that exist; returns their names. */
export function deleteTopics(
  client: KafkaClient,
  topics: readonly string[],
  timeoutMs = 10_000,
): Promise<string[]> {
  if (topics.length === 0) return Promise.resolve([]);
  return withAdmin(client, async (admin) => {
    const existing = new Set(await admin.listTopics());
    const present = topics.filter((t) => existing.has(t));
    if (present.length > 0) await admin.deleteTopics(present, timeoutMs);
    return present;
  });
}
