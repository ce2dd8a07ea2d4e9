import { KafkaClient, KafkaConsumer } from '@casino/kafka';
import { uniqueName } from '@casino/test-support';

/** Kafka's murmur2 (the Java client's, which @casino/kafka's port promises): picks a key's partition. */
export function murmur2(key: string): number {
  const data = Buffer.from(key, 'utf8');
  const m = 0x5bd1e995;
  let h = 0x9747b28c ^ data.length;
  const whole = data.length - (data.length % 4);
  for (let i = 0; i < whole; i += 4) {
    let k = data[i] | (data[i + 1] << 8) | (data[i + 2] << 16) | (data[i + 3] << 24);
    k = Math.imul(k, m);
    k ^= k >>> 24;
    k = Math.imul(k, m);
    h = Math.imul(h, m) ^ k;
  }
  const rest = data.length % 4;
  if (rest === 3) h ^= data[whole + 2] << 16;
  if (rest >= 2) h ^= data[whole + 1] << 8;
  if (rest >= 1) h = Math.imul(h ^ data[whole], m);
  h ^= h >>> 13;
  h = Math.imul(h, m);
  h ^= h >>> 15;
  return h;
}

export const partitionOf = (key: string, partitions: number) => (murmur2(key) & 0x7fffffff) % partitions;

/** `count` keys named `${prefix}-n` that land on `partition`. */
export function keysOnPartition(
  prefix: string,
  partition: number,
  partitions: number,
  count: number,
): string[] {
  const keys: string[] = [];
  for (let n = 0; keys.length < count; n++) {
    const key = `${prefix}-${n}`;
    if (partitionOf(key, partitions) === partition) keys.push(key);
  }
  return keys;
}

export interface RawMessage {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  value: string;
}

/** Every message of some topics as bytes arrive (no decoding), from the beginning. */
export async function readRaw(
  kafka: KafkaClient,
  topics: string[],
): Promise<{
  messages: RawMessage[];
  consumer: KafkaConsumer;
}> {
  const messages: RawMessage[] = [];
  const consumer = kafka.consumer({ groupId: uniqueName('raw-reader'), maxWaitTimeMs: 50 });
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  await consumer.runMessages(async (m) => {
    messages.push({
      topic: m.topic,
      partition: m.partition,
      offset: m.offset,
      key: m.key?.toString('utf8') ?? null,
      value: m.value?.toString('utf8') ?? '',
    });
  });
  return { messages, consumer };
}

/** Polls until `check` returns a value (not undefined), or fails naming what it waited for. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
