import { ensureTopics } from '@casino/kafka';
import { PrivateBroker, PrivatePostgres, queryDatabase, uniqueName } from '../src';

// The private servers a fault test restarts: each of this file alone, restarted for real, its data kept.

jest.setTimeout(180_000);

describe('PrivatePostgres', () => {
  let pg: PrivatePostgres;
  beforeAll(async () => {
    pg = await PrivatePostgres.launch();
  });
  afterAll(async () => {
    await pg?.dispose();
  });

  it('keeps committed rows through a fast restart and a crash-like (immediate) stop', async () => {
    const url = await pg.createDatabase('restarts');
    await queryDatabase(url, 'CREATE TABLE t (a int)');
    await queryDatabase(url, 'INSERT INTO t VALUES (1)');
    await pg.restart('fast');
    await queryDatabase(url, 'INSERT INTO t VALUES (2)');
    await pg.stop('immediate');
    expect(await pg.running()).toBe(false);
    await expect(queryDatabase(url, 'SELECT 1')).rejects.toThrow();
    await pg.start();
    expect(await queryDatabase<{ a: number }>(url, 'SELECT a FROM t ORDER BY a')).toEqual([
      { a: 1 },
      { a: 2 },
    ]);
    // Only 127.0.0.1 and a socket of its own: nothing of the shared server's.
    const [conf] = await queryDatabase<{ listen: string; port: string }>(
      url,
      "SELECT current_setting('listen_addresses') AS listen, current_setting('port') AS port",
    );
    expect(conf).toEqual({ listen: '127.0.0.1', port: String(pg.port) });
  });
});

const poll = async (check: () => boolean, timeoutMs: number): Promise<void> => {
  const until = Date.now() + timeoutMs;
  while (!check() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
};

// SASL here (the restart test of roulette-service runs the default mode): both paths of PrivateBroker are used.
describe('PrivateBroker (SASL)', () => {
  let broker: PrivateBroker;
  beforeAll(async () => {
    broker = await PrivateBroker.launch({ security: 'sasl' });
  });
  afterAll(async () => {
    await broker?.dispose();
  });

  it('keeps a topic and its messages through a SIGKILL and a start on the same storage', async () => {
    const topic = uniqueName('restart');
    const kafka = broker.client();
    await ensureTopics(kafka, [{ topic, numPartitions: 1 }]);
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await producer.connect();
    await producer.send([{ topic, messages: [{ key: 'k', value: 'before' }] }]);
    await producer.disconnect();
    const down = Date.now();
    await broker.stop('kill');
    expect(broker.running).toBe(false);
    await broker.start();
    expect(broker.running).toBe(true);
    console.log(`private broker: SIGKILL to answering again ${Date.now() - down} ms`);
    const consumer = kafka.consumer({ groupId: uniqueName('restart_reader'), maxWaitTimeMs: 100 });
    const values: string[] = [];
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.runMessages(async ({ value }) => {
        values.push(String(value));
      });
      const until = Date.now() + 30_000;
      while (values.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await consumer.disconnect();
    }
    expect(values).toEqual(['before']);
  });

  it('restarts a consumer kafkajs gave up on (group coordinator not found) once it may join', async () => {
    const topic = uniqueName('recovery');
    const group = uniqueName('roulette_recovery');
    const admin = broker.client('recovery-admin');
    await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
    const acls = admin.admin();
    await acls.connect();
    const allow = (
      resourceType: 'topic' | 'group',
      resourceName: string,
      operation: 'read' | 'describe',
    ) => ({
      resourceType,
      resourceName,
      patternType: 'literal' as const,
      principal: 'User:roulette',
      host: '*',
      operation,
      permission: 'allow' as const,
    });
    await acls.createAcls([allow('topic', topic, 'read'), allow('topic', topic, 'describe')]);
    // Not its group yet: the coordinator lookup is refused, which kafkajs reports as a crash it does not restart.
    const consumer = broker
      .client('recovery', 'roulette')
      .consumer({ groupId: group, maxWaitTimeMs: 100, retry: { retries: 1 } });
    const crashes: { name: string; restart: boolean }[] = [];
    consumer.onCrash(({ error, restart }) => crashes.push({ name: error.name, restart }));
    const values: string[] = [];
    try {
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      await consumer.runMessages(async ({ value }) => {
        values.push(String(value));
      });
      await poll(() => crashes.length > 0, 30_000);
      expect(crashes[0]).toEqual({ name: 'KafkaJSGroupCoordinatorNotFound', restart: true });
      await acls.createAcls([allow('group', group, 'read')]);
      const producer = admin.producer({ idempotent: true, maxInFlightRequests: 1 });
      await producer.connect();
      await producer.send([{ topic, messages: [{ key: 'k', value: 'after the grant' }] }]);
      await producer.disconnect();
      await poll(() => values.length > 0, 30_000);
      expect(values).toEqual(['after the grant']);
    } finally {
      await consumer.disconnect();
      await acls.disconnect();
    }
  });
});
