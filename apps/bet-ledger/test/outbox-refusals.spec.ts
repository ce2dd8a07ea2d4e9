import { BalanceChangedEvent, buildEvent, CasinoEvent, encodeEvent, eventKey } from '@casino/events';
import { createKafkaClient, ensureTopics, KafkaClient } from '@casino/kafka';
import { kafkaBrokers, startKafkaProxy, TcpProxy, testKafkaSecurity } from '@casino/test-support';
import { sqlOf } from '@casino/wallet';
import { OutboxParking1764500000000 } from '../src/database/migrations/1764500000000-outbox-parking';
import { OutboxRelay } from '../src/outbox/outbox.relay';
import { OutboxBatch } from '../src/outbox/outbox.writer';
import { sleep } from './support/flow';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

/** Fast refusals for the test: parked at the third refusal, 0.2 s then 0.4 s apart. */
const POLICY = { parkAfterAttempts: 3, retryMs: 200, maxRetryMs: 400 };

let h: Harness;
beforeAll(async () => {
  h = await createHarness('outbox-refusals');
});
afterAll(async () => {
  await h?.close();
});

class Log {
  lines: string[] = [];
  log = (m: string) => void this.lines.push(m);
  warn = (m: string) => void this.lines.push(m);
  error = (m: string) => void this.lines.push(m);
}

const deposit = (playerId: string, balance: number): BalanceChangedEvent =>
  buildEvent('BalanceChanged', {
    operatorId: 'op-refusals',
    playerId,
    currency: 'EUR',
    reason: 'deposit',
    delta: 1n,
    balance: BigInt(balance),
  });

/** Commits events as a ledger transaction does (the relay finds them by its poll). */
async function commit(events: readonly CasinoEvent[]): Promise<void> {
  await h.ds.transaction(async (m) => {
    const outbox = new OutboxBatch(h.topics);
    events.forEach((e) => outbox.add(e));
    await outbox.flush(sqlOf(m));
  });
}

/** An outbox row as a misconfigured writer would leave it: a topic the broker does not have. */
async function commitTo(topic: string, event: CasinoEvent): Promise<void> {
  await h.ds.query(
    `INSERT INTO ledger_outbox (topic, key, payload, event_id, event_type) VALUES ($1, $2, $3, $4, $5)`,
    [topic, eventKey(event), encodeEvent(event), event.id, event.type],
  );
}

const isFrom =
  (playerIds: readonly string[]) =>
  (e: CasinoEvent): e is BalanceChangedEvent =>
    e.type === 'BalanceChanged' && playerIds.includes(e.playerId);

async function parkedRows(): Promise<{ key: string; park_error: string }[]> {
  return h.ds.query(`SELECT key, park_error FROM ledger_outbox WHERE parked_at IS NOT NULL ORDER BY id`);
}

async function startRelay(kafka: KafkaClient, log: Log): Promise<OutboxRelay> {
  const relay = new OutboxRelay(h.ds, kafka, { pollMs: 50, batchSize: 100, refusals: POLICY }, log);
  await relay.start();
  for (let i = 0; i < 100 && !relay.leader; i++) await sleep(50);
  expect(relay.leader).toBe(true);
  return relay;
}

describe('outbox relay: a row the broker refuses', () => {
  it('is parked with its error while the rows behind it go on; its key waits until it is requeued', async () => {
    const log = new Log();
    const relay = await startRelay(h.kafka, log);
    try {
      const missing = `${h.prefix}no-such-topic`;
      const stuck = deposit('stuck', 1);
      await commitTo(missing, stuck);
      const stuckNext = deposit('stuck', 2); // same key, a topic that exists: must wait behind the parked row
      const others = ['a', 'b', 'c'].map((p, i) => deposit(p, i + 1));
      await commit([stuckNext, ...others]);
      const started = Date.now();

      const got = await h.waitFor(isFrom(['a', 'b', 'c']), 3, 10_000);
      expect(got.map((e) => e.id).sort()).toEqual(others.map((e) => e.id).sort());
      const othersMs = Date.now() - started;

      for (let i = 0; i < 100 && (await parkedRows()).length === 0; i++) await sleep(100);
      const parked = await parkedRows();
      expect(parked).toHaveLength(1);
      expect(parked[0].key).toBe('stuck');
      expect(parked[0].park_error).toContain('UNKNOWN_TOPIC_OR_PARTITION');
      expect(relay.parked).toBe(1);
      expect(log.lines.filter((l) => l.startsWith('ALERT ledger outbox row parked'))).toHaveLength(1);

      // Later rows of other keys still flow; the parked key's rows stay in the outbox.
      const later = deposit('d', 1);
      await commit([later]);
      await h.waitFor(isFrom(['d']), 1, 10_000);
      await sleep(500);
      expect(h.received.filter(isFrom(['stuck']))).toHaveLength(0);
      console.log(`outbox refusals: other keys' rows published ${othersMs} ms after the commit`);

      // The operator fixes the cause (creates the topic) and requeues the key: its rows go out, in order.
      await ensureTopics(h.kafka, [{ topic: missing }]);
      await h.ds.query(`UPDATE ledger_outbox SET parked_at = NULL, park_error = NULL WHERE key = 'stuck'`);
      await h.waitFor(isFrom(['stuck']), 1, 15_000);
      for (let i = 0; i < 50 && (await outboxCount()) > 0; i++) await sleep(100);
      expect(await outboxCount()).toBe(0);
    } finally {
      await relay.stop();
    }
  });
});

async function outboxCount(): Promise<number> {
  return (await h.ds.query(`SELECT count(*)::int AS n FROM ledger_outbox`))[0].n;
}

describe('outbox relay: the broker unreachable', () => {
  let proxy: TcpProxy;
  beforeAll(async () => {
    proxy = await startKafkaProxy(kafkaBrokers()[0]);
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('parks nothing however long it lasts, and delivers everything in order once it is back', async () => {
    const kafka = createKafkaClient({
      clientId: 'outbox-refusals-outage',
      brokers: [proxy.address],
      retry: { retries: 2, initialRetryTimeMs: 100 },
      security: testKafkaSecurity(),
      logLevel: 'nothing',
    });
    const log = new Log();
    const relay = await startRelay(kafka, log);
    try {
      const players = ['o1', 'o2', 'o3'];
      const before = players.map((p) => deposit(p, 1));
      await commit(before);
      await h.waitFor(isFrom(players), 3, 10_000);

      proxy.cut();
      const during: BalanceChangedEvent[] = [];
      // Rows keep coming during the outage, several per key, for longer than the refusal policy takes to park.
      for (let n = 2; n <= 6; n++) {
        const batch = players.map((p) => deposit(p, n));
        during.push(...batch);
        await commit(batch);
        await sleep(1_000);
      }
      expect(await parkedRows()).toEqual([]);
      expect(h.received.filter(isFrom(players))).toHaveLength(3);
      expect(log.lines.some((l) => l.startsWith('outbox relay:'))).toBe(true); // it did try, and failed

      proxy.restore();
      const restored = Date.now();
      const ids = new Set([...before, ...during].map((e) => e.id));
      const all = (e: CasinoEvent): e is BalanceChangedEvent => isFrom(players)(e) && ids.has(e.id);
      for (let i = 0; i < 600 && new Set(h.received.filter(all).map((e) => e.id)).size < ids.size; i++)
        await sleep(100);
      const got = h.received.filter(all);
      for (const p of players) {
        const balances = got.filter((e) => e.playerId === p).map((e) => Number(e.balance));
        // Consumers dedupe by event id; the order per key is what matters.
        expect([...new Set(balances)]).toEqual([1, 2, 3, 4, 5, 6]);
      }
      for (let i = 0; i < 50 && (await outboxCount()) > 0; i++) await sleep(100);
      expect(await outboxCount()).toBe(0);
      expect(await parkedRows()).toEqual([]);
      expect(relay.parked).toBe(0);
      expect(log.lines.some((l) => l.startsWith('ALERT'))).toBe(false);
      console.log(
        `outbox outage: ${during.length} rows held 5 s, all delivered ${Date.now() - restored} ms after`,
      );
    } finally {
      await relay.stop();
    }
  });
});

describe('outbox parking migration', () => {
  it('goes down and up again', async () => {
    const columns = async () =>
      (
        await h.ds.query(
          `SELECT column_name FROM information_schema.columns
           WHERE table_name = 'ledger_outbox' AND column_name IN ('parked_at', 'park_error') ORDER BY 1`,
        )
      ).map((c: { column_name: string }) => c.column_name);
    const migration = new OutboxParking1764500000000();
    const runner = h.ds.createQueryRunner();
    try {
      await migration.down(runner);
      expect(await columns()).toEqual([]);
      await migration.up(runner);
      expect(await columns()).toEqual(['park_error', 'parked_at']);
    } finally {
      await runner.release();
    }
  });
});
