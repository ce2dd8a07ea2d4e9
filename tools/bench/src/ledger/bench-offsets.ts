import { KafkaAdmin } from '@casino/kafka';
import { performance } from 'node:perf_hooks';

/** Messages on the topics so far: the sum of their partitions' high watermarks. */
async function endOffsetSum(admin: KafkaAdmin, topics: readonly string[]): Promise<number> {
  let sum = 0;
  for (const topic of topics) for (const p of await admin.fetchTopicOffsets(topic)) sum += Number(p.high);
  return sum;
}

/**
 * Watches the topics' end offsets every `intervalMs` from now on, to tell when their last message of a burst
 * landed on the broker: what a consumer can read from then on, without the lag of any consumer or of the outbox's
 * clean-up. `stop()` returns when the watch first saw the count it ends with (the last message to land), and how
 * many messages landed since the watch began.
 */
export async function watchTopicEnds(
  admin: KafkaAdmin,
  topics: readonly string[],
  intervalMs = 20,
): Promise<{ stop(): Promise<{ lastLandedAt: number; landed: number }> }> {
  const start = await endOffsetSum(admin, topics);
  let count = start;
  let lastLandedAt = performance.now();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const now = await endOffsetSum(admin, topics);
      if (now !== count) {
        count = now;
        lastLandedAt = performance.now();
      }
      await new Promise((r) => setTimeout(r, intervalMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      // A last look, in case something landed after the loop's final read.
      const final = await endOffsetSum(admin, topics);
      if (final !== count) lastLandedAt = performance.now();
      return { lastLandedAt, landed: final - start };
    },
  };
}
