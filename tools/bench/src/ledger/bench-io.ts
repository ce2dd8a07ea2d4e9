import { KafkaProducer } from '@casino/kafka';
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
