import { createKafkaClient, ensureTopics, KafkaProducer } from '@casino/kafka';
import { Client } from 'pg';
import {
  createKafka,
  createTestDatabase,
  deleteTopics,
  kafkaBrokers,
  testKafkaSecurity,
  uniqueName,
} from '../src';
import { startKafkaProxy } from '../src/kafka-proxy';
import { TcpProxy } from '../src/tcp-proxy';

jest.setTimeout(60_000);

describe('TcpProxy in front of PostgreSQL', () => {
  it('forwards, cuts every connection (new ones refused) and forwards again after restore', async () => {
    const db = await createTestDatabase('proxy');
    const target = new URL(db.url);
    const proxy = await TcpProxy.start({ target: `${target.hostname}:${target.port || 5432}` });
    const viaProxy = new URL(db.url);
    viaProxy.host = proxy.address;
    const connectVia = async () => {
      const client = new Client({ connectionString: viaProxy.toString(), connectionTimeoutMillis: 2000 });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    };
    try {
      const client = await connectVia();
      expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
      proxy.cut();
      await expect(client.query('SELECT 1')).rejects.toThrow();
      await expect(connectVia()).rejects.toThrow();
      proxy.restore();
      const again = await connectVia();
      expect((await again.query<{ n: number }>('SELECT 2 AS n')).rows).toEqual([{ n: 2 }]);
      await again.end();
    } finally {
      await proxy.close();
      await db.drop();
    }
  });
});

describe('Kafka proxy', () => {
  it('is what the metadata names, so a cut takes the client off the broker until restore', async () => {
    const proxy = await startKafkaProxy(kafkaBrokers()[0]);
    const topic = uniqueName('proxy_topic');
    const admin = createKafka('proxy-spec-admin');
    await ensureTopics(admin, [{ topic, numPartitions: 1 }]);
    const kafka = createKafkaClient({
      clientId: 'proxy-spec',
      brokers: [proxy.address],
      retry: { retries: 1, initialRetryTimeMs: 50 },
      security: testKafkaSecurity(),
    });
    const clusterAdmin = kafka.admin();
    let producer: KafkaProducer | undefined;
    try {
      await clusterAdmin.connect();
      const cluster = await clusterAdmin.describeCluster();
      expect(cluster.brokers.map((b) => `${b.host}:${b.port}`)).toEqual([proxy.address]);
      await clusterAdmin.disconnect();

      producer = kafka.producer();
      await producer.connect();
      const send = (value: string) => producer?.send([{ topic, messages: [{ key: 'k', value }] }]);
      await send('before');
      const acceptedBefore = proxy.accepted;
      proxy.cut();
      await expect(send('during')).rejects.toThrow();
      proxy.restore();
      await send('after');
      expect(proxy.accepted).toBeGreaterThan(acceptedBefore);
    } finally {
      await producer?.disconnect().catch(() => undefined);
      await proxy.close();
      await deleteTopics(admin, [topic]);
    }
  });
});
