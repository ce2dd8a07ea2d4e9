// The port against the real broker (127.0.0.1:9092, or KAFKA_BROKERS), through whichever adapter
// createKafkaClient picks. Plain helpers here: @casino/test-support depends on this package.
import { randomBytes } from 'node:crypto';
import {
  ConsumedMessage,
  createKafkaClient,
  deleteTopics,
  ensureTopics,
  KafkaClient,
  KafkaConsumer,
  missingTopics,
  MessageBatch,
  requireKafkaSecurity,
} from '../src';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',').map((b) => b.trim());
const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;

/** Resolves once `done()` holds, checked after every `poke()`; rejects after `timeoutMs`. */
function waiter(done: () => boolean, timeoutMs = 10_000) {
  let poke = () => undefined as void;
  const promise = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
    poke = () => {
      if (done()) {
        clearTimeout(timer);
        resolve();
      }
    };
  });
  return { promise, poke: () => poke() };
}

describe('@casino/kafka against the broker', () => {
  jest.setTimeout(20_000);
  const client: KafkaClient = createKafkaClient({
    clientId: unique('kafka-spec'),
    brokers,
    retry: { retries: 8, initialRetryTimeMs: 100 },
    // On a SASL broker as the admin: the test creates and deletes its topics.
    security: requireKafkaSecurity(process.env, { username: 'admin' }),
  });
  const multi = unique('kafka_spec_multi');
  const other = unique('kafka_spec_other');
  const single = unique('kafka_spec_single');
  const consumers: KafkaConsumer[] = [];

  afterAll(async () => {
    for (const c of consumers) await c.disconnect().catch(() => undefined);
    await deleteTopics(client, [multi, other, single]);
  });

  it('ensureTopics creates what is missing, once, with leaders; missingTopics names the rest', async () => {
    expect(await missingTopics(client, [multi, other])).toEqual([multi, other]);
    const requests = [
      { topic: multi, numPartitions: 3 },
      { topic: other, numPartitions: 1 },
      { topic: single, numPartitions: 1 },
    ];
    expect((await ensureTopics(client, requests)).sort()).toEqual([multi, other, single].sort());
    expect(await ensureTopics(client, requests)).toEqual([]);
    expect(await missingTopics(client, [multi, 'no-such-topic-' + multi])).toEqual([
      'no-such-topic-' + multi,
    ]);

    const admin = client.admin();
    await admin.connect();
    try {
      const [metadata] = await admin.fetchTopicMetadata([multi]);
      expect(metadata.partitions).toHaveLength(3);
      expect(metadata.partitions.every((p) => p.leader >= 0)).toBe(true);
      expect((await admin.describeCluster()).brokers.length).toBeGreaterThan(0);
    } finally {
      await admin.disconnect();
    }
  });

  it('sends a batch over two topics and consumes it in batches, per-key order kept', async () => {
    const producer = client.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const keys = ['table-1', 'table-2', 'table-3', 'table-4'];
    const sent = keys.flatMap((key) => [0, 1, 2].map((i) => ({ key, value: `${key}#${i}` })));
    try {
      await producer.send([
        { topic: multi, messages: sent.map((m, i) => (i % 2 ? m : { ...m, value: Buffer.from(m.value) })) },
        { topic: other, messages: [{ key: 'player-1', value: 'other#0' }] },
      ]);
    } finally {
      await producer.disconnect();
    }

    const consumer = client.consumer({ groupId: unique('kafka_spec_batches'), maxWaitTimeMs: 50 });
    consumers.push(consumer);
    const batches: MessageBatch[] = [];
    const count = () => batches.reduce((n, b) => n + b.messages.length, 0);
    const all = waiter(() => count() >= sent.length + 1);
    let joins = 0;
    consumer.onGroupJoin(() => joins++);
    await consumer.connect();
    await consumer.subscribe({ topics: [multi, other], fromBeginning: true });
    await consumer.runBatches(
      async (batch, controls) => {
        expect(controls.isRunning()).toBe(true);
        expect(controls.isStale()).toBe(false);
        batches.push({ ...batch, messages: [...batch.messages] });
        await controls.heartbeat();
        all.poke();
      },
      { partitionsConsumedConcurrently: 2 },
    );
    await consumer.whenJoined();
    expect(joins).toBeGreaterThanOrEqual(1);
    await all.promise;

    const values = (topic: string) =>
      batches.filter((b) => b.topic === topic).flatMap((b) => b.messages.map((m) => String(m.value)));
    expect(values(other)).toEqual(['other#0']);
    for (const key of keys) {
      expect(values(multi).filter((v) => v.startsWith(key + '#'))).toEqual(
        [0, 1, 2].map((i) => `${key}#${i}`),
      );
    }
    // Same key, same partition; batches of one partition in offset order.
    const partitionOf = new Map<string, number>();
    for (const b of batches.filter((b) => b.topic === multi)) {
      for (const m of b.messages) {
        const key = String(m.key);
        expect(partitionOf.get(key) ?? b.partition).toBe(b.partition);
        partitionOf.set(key, b.partition);
      }
    }
    await consumer.disconnect();
  });

  it('commits offsets by hand; a restarted consumer of the group resumes after the committed offset', async () => {
    const producer = client.producer({ maxInFlightRequests: 1 });
    await producer.connect();
    const groupId = unique('kafka_spec_resume');
    const send = (values: string[]) =>
      producer.send([{ topic: single, messages: values.map((value) => ({ key: 'k', value })) }]);
    try {
      await send(['m0', 'm1', 'm2', 'm3', 'm4']);

      // First run: everything is handled and resolved, but only m0..m2 are committed (as after a transaction).
      const first = client.consumer({ groupId, maxWaitTimeMs: 50 });
      consumers.push(first);
      const seen: ConsumedMessage[] = [];
      const five = waiter(() => seen.length >= 5);
      const crashes: unknown[] = [];
      first.onCrash((c) => crashes.push(c.error));
      await first.connect();
      await first.subscribe({ topics: [single], fromBeginning: true });
      await first.runBatches(
        async (batch, { resolveOffset }) => {
          for (const m of batch.messages) {
            seen.push(m);
            resolveOffset(m.offset);
          }
          five.poke();
        },
        { autoResolve: false },
      );
      await five.promise;
      expect(seen.map((m) => String(m.value))).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
      const m2 = seen[2].offset;
      await first.commitOffsets([{ topic: single, partition: 0, offset: (BigInt(m2) + 1n).toString() }]);
      await first.disconnect();
      expect(crashes).toEqual([]);

      await send(['m5']);

      // Second run, same group: from m3 on (never from the beginning), committed by the client this time.
      const second = client.consumer({ groupId, maxWaitTimeMs: 50 });
      consumers.push(second);
      const again: string[] = [];
      const three = waiter(() => again.length >= 3);
      await second.connect();
      await second.subscribe({ topics: [single], fromBeginning: true });
      await second.runMessages(async (m) => {
        expect(m.topic).toBe(single);
        again.push(String(m.value));
        three.poke();
      });
      await second.whenJoined();
      await three.promise;
      await new Promise((r) => setTimeout(r, 200));
      expect(again).toEqual(['m3', 'm4', 'm5']);
      await second.disconnect();

      // Third run: runMessages committed what it handled.
      await send(['m6']);
      const third = client.consumer({ groupId, maxWaitTimeMs: 50 });
      consumers.push(third);
      const last: string[] = [];
      const one = waiter(() => last.length >= 1);
      await third.connect();
      await third.subscribe({ topics: [single], fromBeginning: true });
      await third.runMessages(async (m) => {
        last.push(String(m.value));
        one.poke();
      });
      await one.promise;
      expect(last).toEqual(['m6']);
      await third.disconnect();
    } finally {
      await producer.disconnect();
    }
  });
});
