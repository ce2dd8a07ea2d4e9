import { ensureTopics } from '@casino/kafka';
import { Client } from 'pg';
import { createKafka, createTestDatabase, deleteTopics, TestDatabase, uniqueName } from '../src';

// Proves the test infrastructure is the real thing: a broker that stores and serves messages,
// and a PostgreSQL server that keeps rows.
describe('infrastructure', () => {
  jest.setTimeout(60_000);

  it('produces and consumes a message through the Kafka broker', async () => {
    const kafka = createKafka('infra-spec');
    const topic = uniqueName('infra_topic');
    await ensureTopics(kafka, [{ topic, numPartitions: 2 }]);
    const admin = kafka.admin();
    await admin.connect();
    const cluster = await admin.describeCluster();
    await admin.disconnect();
    expect(cluster.brokers.length).toBeGreaterThan(0);

    const producer = kafka.producer();
    const consumer = kafka.consumer({ groupId: uniqueName('infra_group') });
    try {
      await producer.connect();
      await producer.send([{ topic, messages: [{ key: 'table-1', value: 'hello' }] }]);
      await consumer.connect();
      await consumer.subscribe({ topics: [topic], fromBeginning: true });
      const received = await new Promise<string>((resolve) => {
        void consumer.runMessages(async (message) => resolve(String(message.value)));
      });
      expect(received).toBe('hello');
    } finally {
      await consumer.disconnect();
      await producer.disconnect();
      await deleteTopics(kafka, [topic]);
    }
  });

  describe('PostgreSQL', () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await createTestDatabase('infra');
    });
    afterAll(async () => {
      await db.drop();
    });

    it('writes and reads a row in a fresh database', async () => {
      const client = new Client({ connectionString: db.url });
      await client.connect();
      try {
        const version = await client.query<{ server_version_num: string }>('SHOW server_version_num');
        expect(Number(version.rows[0].server_version_num)).toBeGreaterThanOrEqual(130000);
        await client.query('CREATE TABLE probe (id int PRIMARY KEY, amount bigint NOT NULL)');
        await client.query('INSERT INTO probe VALUES (1, 9007199254740993)');
        const rows = await client.query<{ amount: string }>('SELECT amount FROM probe WHERE id = 1');
        expect(BigInt(rows.rows[0].amount)).toBe(9007199254740993n);
      } finally {
        await client.end();
      }
    });
  });
});
