// kafkajs 2.2.4 can resolve a send that left messages unwritten when a broker dies under it (tulios/kafkajs#1303,
// open). Its send keeps the answer of each broker that took its part; on a retry after another broker failed, the
// failed broker's partitions move to new leaders, and a new leader that had already answered for its own
// partitions is skipped, so the moved partitions' messages are never sent again while the send resolves. This
// module checks every send's answer against the partitions its messages map to (the Java client's murmur2 on each
// key, as the producers' partitioner computes it: kafkaJsKeyPartition) and names those left out with their messages, which the
// producer sends again (only them: no copy of what was written, and a partition's messages keep their order).
import { RecordMetadata } from 'kafkajs';
import { TopicMessages } from '../port/kafka-port';
import { kafkaJsKeyPartition } from './key-partition';

/** A topic's partition count (from the cluster's metadata). */
export type PartitionCounts = (topics: readonly string[]) => Promise<ReadonlyMap<string, number>>;

/** What a send's answer left unwritten: those partitions, and the batch's messages for them (in order). */
export interface LeftOut {
  partitions: { topic: string; partition: number }[];
  batch: TopicMessages[];
}

/** The topic partitions that `batch` writes to and `answer` does not acknowledge, with their messages. */
export async function partitionsLeftOut(
  batch: readonly TopicMessages[],
  answer: readonly RecordMetadata[],
  partitionCounts: PartitionCounts,
): Promise<LeftOut> {
  const acknowledged = new Map<string, Set<number>>();
  for (const a of answer) {
    if (a.errorCode !== 0) continue;
    const ofTopic = acknowledged.get(a.topicName) ?? new Set<number>();
    acknowledged.set(a.topicName, ofTopic.add(a.partition));
  }
  const counts = await partitionCounts([...new Set(batch.map((b) => b.topic))]);
  const partitions = new Map<string, { topic: string; partition: number }>();
  const again: TopicMessages[] = [];
  for (const { topic, messages } of batch) {
    const count = counts.get(topic);
    const written = acknowledged.get(topic) ?? new Set<number>();
    // Every partition of the topic acknowledged: none of its messages can be left out (no key to hash).
    if (count === undefined || written.size >= count) continue;
    // Once per key of the batch (a relay's batch repeats its keys).
    const partitionOfKey = new Map<string, number>();
    const unwritten = messages.filter(({ key }) => {
      let partition = partitionOfKey.get(key);
      if (partition === undefined) partitionOfKey.set(key, (partition = kafkaJsKeyPartition(key, count)));
      if (written.has(partition)) return false;
      partitions.set(`${topic}:${partition}`, { topic, partition });
      return true;
    });
    if (unwritten.length > 0) again.push({ topic, messages: unwritten });
  }
  return { partitions: [...partitions.values()], batch: again };
}

/** Messages still unwritten after the producer sent them again: retriable (the caller sends its batch again). */
export class SendLeftOutError extends Error {
  readonly retriable = true;

  constructor(readonly leftOut: readonly { topic: string; partition: number }[]) {
    super(
      `the broker answer left out ${leftOut.map((p) => `${p.topic}[${p.partition}]`).join(', ')}: not written, send again`,
    );
    this.name = 'SendLeftOutError';
  }
}
