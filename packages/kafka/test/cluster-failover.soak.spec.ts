// Three brokers of infra/kafka/cluster.sh (KRaft, SASL, as the development broker): a topic made as the topics Job
// of infra/deploy makes them (replication factor 3, min.insync.replicas 2) keeps every acknowledged message, once,
// in order, while one broker is killed mid-stream, and its replicas come back in sync after it restarts.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  createKafkaClient,
  ensureTopics,
  KafkaAdmin,
  KafkaClient,
  KafkaConsumer,
  MessageBatch,
  requireKafkaSecurity,
  TopicMetadata,
} from '../src';

const CLUSTER = join(__dirname, '../../../infra/kafka/cluster.sh');
// A cluster of this suite's own (ports, storage): the suites with three-broker tests run side by side under turbo.
const CLUSTER_ENV = {
  ...process.env,
  KAFKA_CLUSTER_PORT: '29092',
  KAFKA_CLUSTER_STATE_DIR: join(__dirname, '../../../infra/kafka/.cache/cluster-kafka'),
};
const cluster = (...args: string[]) =>
  execFileSync('bash', [CLUSTER, ...args], { encoding: 'utf8', env: CLUSTER_ENV });

jest.setTimeout(240_000);

describe('a three-broker cluster: replication factor 3, min.insync.replicas 2, one broker killed', () => {
  let client: KafkaClient;
  let admin: KafkaAdmin;
  const consumers: KafkaConsumer[] = [];
  const topic = `failover_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  let killed: number | undefined;

  beforeAll(() => {
    cluster('up');
    client = createKafkaClient({
      clientId: 'cluster-failover-spec',
      brokers: cluster('brokers').trim().split(','),
      retry: { retries: 20, initialRetryTimeMs: 100 },
      security: requireKafkaSecurity(
        { KAFKA_SECURITY: 'sasl', KAFKA_SASL_USERNAME: 'admin' },
        { username: 'admin' },
      ),
    });
    admin = client.admin();
  });

  afterAll(async () => {
    for (const c of consumers) await c.disconnect().catch(() => undefined);
    await admin?.disconnect().catch(() => undefined);
    if (killed !== undefined) cluster('start', String(killed));
    cluster('down');
  });

  const metadata = async (): Promise<TopicMetadata> => (await admin.fetchTopicMetadata([topic]))[0];

  /**
   * The topic's metadata once `ready` holds: a new topic reaches every broker's metadata a moment after it is
   * created (until then a broker answers UNKNOWN_TOPIC_OR_PARTITION), and replicas join the in-sync set in time.
   */
  const metadataOnce = async (ready: (m: TopicMetadata) => boolean, what: string): Promise<TopicMetadata> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const m = await metadata().catch(() => undefined);
      if (m && ready(m)) return m;
      if (Date.now() > deadline) throw new Error(`the topic's metadata never showed ${what}`);
      await new Promise((r) => setTimeout(r, 500));
    }
  };

  it('keeps every acknowledged message once and in order through a broker killed mid-stream', async () => {
    await ensureTopics(client, [
      { topic, numPartitions: 3, replicationFactor: 3, configs: { 'min.insync.replicas': '2' } },
    ]);
    await admin.connect();
    const before = await metadataOnce(
      (m) => m.partitions.length === 3 && m.partitions.every((p) => p.leader >= 0 && p.isr?.length === 3),
      'three partitions with three in-sync replicas each',
    );
    expect(before.partitions.map((p) => [p.replicas?.length, p.isr?.length])).toEqual([
      [3, 3],
      [3, 3],
      [3, 3],
    ]);

    const producer = client.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    const acknowledged: string[] = [];
    const keys = ['t1', 't2', 't3', 't4', 't5', 't6'];
    for (let i = 0; i < 60; i++) {
      // Mid-stream: the leader of partition 0 is killed (a crash: SIGKILL), so sends must move to new leaders.
      if (i === 30) {
        killed = before.partitions[0].leader;
        cluster('stop', String(killed));
      }
      const messages = keys.map((key) => ({ key, value: `${key}:${i}` }));
      await producer.send([{ topic, messages }]);
      acknowledged.push(...messages.map((m) => m.value));
    }
    await producer.disconnect();
    // The killed broker is out of every leadership and in-sync set (the controller fences it).
    await metadataOnce(
      (m) =>
        m.partitions.every(
          (p) => p.leader >= 0 && p.leader !== killed && p.isr?.length === 2 && !p.isr.includes(killed ?? -1),
        ),
      'the killed broker out of every leadership and in-sync set',
    );

    // Everything acknowledged is there, once, each key's messages in the order sent.
    const consumer = client.consumer({ groupId: `${topic}-reader`, sessionTimeoutMs: 10_000 });
    consumers.push(consumer);
    const seen: string[] = [];
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    let done: () => void = () => undefined;
    const all = new Promise<void>((resolve) => (done = resolve));
    await consumer.runBatches(async (batch: MessageBatch) => {
      for (const m of batch.messages) seen.push(String(m.value));
      if (seen.length >= acknowledged.length) done();
    });
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(
        () => reject(new Error(`only ${seen.length} of ${acknowledged.length} read`)),
        60_000,
      ).unref(),
    );
    await Promise.race([all, timeout]);
    expect([...seen].sort()).toEqual([...acknowledged].sort());
    for (const key of keys)
      expect(seen.filter((v) => v.startsWith(`${key}:`))).toEqual(
        acknowledged.filter((v) => v.startsWith(`${key}:`)),
      );

    // The broker back: its replicas catch up and rejoin the in-sync set.
    cluster('start', String(killed));
    cluster('wait', String(killed));
    const restarted = killed;
    killed = undefined;
    await metadataOnce(
      (m) => m.partitions.every((p) => p.isr?.length === 3 && p.isr.includes(restarted ?? -1)),
      'the restarted broker back in every in-sync set',
    );
  });
});
