import {
  CasinoEvent,
  decodeEvent,
  makeEvent,
  prefixedTopics,
  prefixedTopicSpecs,
  topicFor,
} from '@casino/events';
import { ensureTopics, KafkaClient, KafkaConsumer } from '@casino/kafka';
import {
  createKafka,
  createTestDatabase,
  deleteTopics,
  kafkaBrokers,
  startKafkaProxy,
  TcpProxy,
  TestDatabase,
  uniqueName,
  testKafkaSecurity,
} from '@casino/test-support';
import { Client } from 'pg';
import { KafkaPort } from '../src/kafka/kafka-port';
import { OutboxRelay } from '../src/relay/outbox-relay';
import { PgStateStore } from '../src/postgres/pg-state-store';
import { StateSealer } from '../src/state/state-sealing';
import { systemClock } from '../src/timers/clock';

jest.setTimeout(120_000);

/**
 * The table outbox relay against the real broker and PostgreSQL: every topic of a test prefix exists but the one
 * bet commands go to, so a table's PlaceBet is refused by the broker (auto-creation is off for this client).
 */
const prefix = uniqueName('tk-refusals') + '.';
const topics = prefixedTopics(prefix);
const closed = (tableId: string, roundId: string) =>
  makeEvent('BettingClosed', { tableId, roundId, game: 'roulette' });
const bet = (tableId: string) =>
  makeEvent('PlaceBet', {
    tableId,
    roundId: 'r1',
    game: 'roulette',
    playerId: 'p1',
    operatorId: 'op',
    currency: 'EUR',
    stake: 100n,
    bet: { game: 'roulette', spec: { type: 'red' } },
  });
const missing = topicFor(bet('t'), topics);
const present = topicFor(closed('t', 'r'), topics);

let db: TestDatabase;
let kafka: KafkaClient;
let collector: KafkaConsumer;
const received: CasinoEvent[] = [];
const logs: string[] = [];
let store: PgStateStore;

beforeAll(async () => {
  expect(missing).not.toBe(present);
  db = await createTestDatabase('outbox_refusals');
  store = await PgStateStore.open(db.url, 'inst', (m) => logs.push(m), new StateSealer('22'.repeat(32)));
  for (const table of ['bad', 'good', 'o1', 'o2']) await store.claim(table);
  kafka = createKafka(uniqueName('tk-refusals-test'));
  await ensureTopics(
    kafka,
    prefixedTopicSpecs(prefix)
      .filter((t) => t.name !== missing)
      .map((t) => ({ topic: t.name, numPartitions: 1 })),
  );
  collector = kafka.consumer({ groupId: uniqueName('tk-refusals-collector'), maxWaitTimeMs: 50 });
  await collector.connect();
  await collector.subscribe({ topics: [present], fromBeginning: true });
  await collector.runMessages(async ({ topic, value }) => {
    const decoded = decodeEvent(topic, value);
    if (decoded.ok) received.push(decoded.event);
  });
  await collector.whenJoined();
});
afterAll(async () => {
  await collector?.disconnect();
  await store?.close();
  if (kafka)
    await deleteTopics(
      kafka,
      prefixedTopicSpecs(prefix).map((t) => t.name),
    ).catch(() => undefined);
  await db?.drop();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

/** Round ids of a table's BettingClosed events on Kafka, first copy of each (consumers dedupe by id). */
const roundsOf = (tableId: string): string[] => {
  const seen = new Set<string>();
  return received.flatMap((e) => {
    if (e.type !== 'BettingClosed' || e.tableId !== tableId || seen.has(e.id)) return [];
    seen.add(e.id);
    return [e.roundId];
  });
};

function relayOf(port: KafkaPort): OutboxRelay {
  return new OutboxRelay(store, port, systemClock, {
    sendTimeoutMs: 1_000,
    retry: { initialMs: 100, maxMs: 400 },
    batchSize: 100,
    keepSentMs: 60_000,
    refusals: { parkAfterAttempts: 3, retryMs: 200, maxRetryMs: 400 },
    log: (m) => logs.push(m),
  });
}

function portTo(brokers: string[]): KafkaPort {
  return new KafkaPort({
    brokers,
    clientId: uniqueName('tk-refusals'),
    groupId: uniqueName('tk-refusals-group'),
    topicPrefix: prefix,
    createTopics: false,
    consume: [],
    // The admin on a SASL broker, as every test client.
    security: testKafkaSecurity(),
    log: (m) => logs.push(m),
  });
}

describe('table outbox relay (real Kafka and PostgreSQL)', () => {
  it('parks an event whose topic does not exist; other tables go on, its table waits behind it', async () => {
    const port = portTo(kafkaBrokers());
    await port.connect();
    const relay = relayOf(port);
    try {
      await store.commit('bad', {}, [closed('bad', 'b1'), bet('bad'), closed('bad', 'b2')]);
      await store.commit('good', {}, [closed('good', 'g1')]);
      const started = Date.now();
      relay.wake();
      await until(() => roundsOf('good').length === 1, 30_000);
      await store.commit('good', {}, [closed('good', 'g2')]);
      relay.wake();
      await until(() => roundsOf('good').length === 2, 30_000);
      const goodMs = Date.now() - started;
      await until(() => relay.parked === 1, 60_000);
      const parked = await parkedRows();
      expect(parked).toEqual([{ table_id: 'bad', park_error: expect.stringContaining('UNKNOWN_TOPIC') }]);
      expect(logs.filter((l) => l.startsWith('ALERT table outbox event parked'))).toHaveLength(1);

      await store.commit('good', {}, [closed('good', 'g3')]);
      relay.wake();
      await until(() => roundsOf('good').length === 3, 30_000);
      await sleep(500);
      expect(roundsOf('good')).toEqual(['g1', 'g2', 'g3']);
      expect(roundsOf('bad')).toEqual(['b1']); // b2 waits behind the parked bet
      expect(relay.kafkaReachable).toBe(true);
      console.log(`table outbox refusals: the other table's events on Kafka within ${goodMs} ms`);
    } finally {
      await relay.stop();
      await port.stop();
      // Out of the way of the next test: the operator gives up on the parked table's events.
      await pgQuery(`UPDATE game_table_outbox SET sent_at = now() WHERE table_id = 'bad'`);
    }
  });

  it('parks nothing while Kafka is unreachable and publishes everything, in order, once it is back', async () => {
    const proxy: TcpProxy = await startKafkaProxy(kafkaBrokers()[0]);
    const port = portTo([proxy.address]);
    await port.connect();
    const relay = relayOf(port);
    try {
      await store.commit('o1', {}, [closed('o1', 'r0')]);
      relay.wake();
      await until(() => roundsOf('o1').length === 1, 30_000);
      proxy.cut();
      const rounds = ['r1', 'r2', 'r3', 'r4', 'r5'];
      for (const r of rounds) {
        await store.commit('o1', {}, [closed('o1', r)]);
        await store.commit('o2', {}, [closed('o2', r)]);
        relay.wake();
        await sleep(1_000);
      }
      expect(relay.kafkaReachable).toBe(false);
      expect(await parkedRows()).toEqual([]);
      proxy.restore();
      const restored = Date.now();
      await until(() => roundsOf('o1').length === 6 && roundsOf('o2').length === 5, 60_000);
      expect(roundsOf('o1')).toEqual(['r0', ...rounds]);
      expect(roundsOf('o2')).toEqual(rounds);
      expect(await parkedRows()).toEqual([]);
      expect(relay.parked).toBe(0);
      console.log(`table outbox outage: 10 events held 5 s, all on Kafka ${Date.now() - restored} ms after`);
    } finally {
      await relay.stop();
      await port.stop();
      await proxy.close();
    }
  });
});

async function pgQuery(sql: string): Promise<{ rows: Record<string, unknown>[] }> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function parkedRows(): Promise<Record<string, unknown>[]> {
  return (
    await pgQuery(
      `SELECT table_id, park_error FROM game_table_outbox WHERE parked_at IS NOT NULL AND sent_at IS NULL ORDER BY seq`,
    )
  ).rows;
}
