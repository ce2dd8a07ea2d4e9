import { KafkaClient, KafkaConsumer, KafkaProducer } from '@casino/kafka';
import { performance } from 'node:perf_hooks';
import { Query } from './bench-cpu';
import { WireMessage } from './bench-load';
import { sleep } from './bench-options';

/** Sends messages in chunks, each chunk one produce request per topic. */
export async function send(
  producer: KafkaProducer,
  messages: readonly WireMessage[],
  chunk = 2_000,
): Promise<void> {
  for (let i = 0; i < messages.length; i += chunk) {
    const part = messages.slice(i, i + chunk);
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const m of part) {
      let list = byTopic.get(m.topic);
      if (!list) byTopic.set(m.topic, (list = []));
      list.push({ key: m.key, value: m.value });
    }
    await producer.send([...byTopic].map(([topic, msgs]) => ({ topic, messages: msgs })));
  }
}

/**
 * Sends `messages` at `rate` per second, in ticks of 10 ms (one produce request each); `beforeTick(from, to)`
 * runs just before messages [from, to) go.
 */
export async function sendPaced(
  producer: KafkaProducer,
  messages: readonly WireMessage[],
  rate: number,
  beforeTick: (from: number, to: number) => void,
): Promise<void> {
  const perTick = Math.max(1, Math.round(rate / 100));
  const start = performance.now();
  for (let i = 0, tick = 0; i < messages.length; tick++) {
    const wait = start + tick * 10 - performance.now();
    if (wait > 0) await sleep(wait);
    const end = Math.min(messages.length, i + perTick);
    beforeTick(i, end);
    await send(producer, messages.slice(i, end));
    i = end;
  }
}

/**
 * A consumer of the decisions topic from its end, joined when this resolves: each message's value goes to
 * `onDecision` with its batch's arrival time. It commits no offsets (runBatches): a commit after every batch would
 * sit on the path it measures.
 */
export async function consumeDecisions(
  kafka: KafkaClient,
  topic: string,
  groupId: string,
  onDecision: (value: Buffer, receivedAt: number) => void,
): Promise<KafkaConsumer> {
  const consumer = kafka.consumer({ groupId, maxWaitTimeMs: 10 });
  await consumer.connect();
  await consumer.subscribe({ topics: [topic], fromBeginning: false });
  await consumer.runBatches(async (batch) => {
    const now = performance.now();
    for (const m of batch.messages) if (m.value) onDecision(m.value, now);
  });
  await consumer.whenJoined();
  return consumer;
}

/** Polls a count query until it reaches the target; resolves with the time it did. */
export async function waitCount(
  query: Query,
  sql: string,
  target: number,
  timeoutMs: number,
  intervalMs = 100,
): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [{ n }] = await query<{ n: string | number }>(sql);
    if (Number(n) >= target) return performance.now();
    if (Date.now() > deadline) throw new Error(`timed out: ${sql} reached ${n} of ${target}`);
    await sleep(intervalMs);
  }
}
