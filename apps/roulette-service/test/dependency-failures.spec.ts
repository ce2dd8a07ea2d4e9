import { writeFileSync } from 'node:fs';
import {
  duplicateIds,
  eventually,
  FailureLab,
  PlayerClient,
  TEST_PLAYER_SECRET,
} from '@casino/service-testing';
import { loadRouletteConfig } from '../src/config/roulette-config';
import { ledgerTableConfig } from '../src/table/table-context';

jest.setTimeout(180_000);

const TABLE = 'rou-f';
const BETTING_MS = 2000;
const TABLES = [{ id: TABLE, dealer: 'auto', timers: { bettingMs: BETTING_MS, spinMs: 300, resultMs: 500 } }];
const DEPOSIT = 100_000n;
const LEDGER_TABLES = loadRouletteConfig({
  PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
  DEALER_API_KEY: 'x'.repeat(12),
  TABLES: JSON.stringify(TABLES),
}).tables.map((t) => ({
  tableId: t.id,
  currency: t.currency,
  producer: 'roulette-service',
  settings: ledgerTableConfig(t),
}));

/** What the runs measured, printed at the end (docs/reliability.md quotes them). */
const figures: Record<string, number> = {};

type Row = { tableId: string; status: string; pausedFor: string[] };

describe('roulette service survives its dependencies (real process, PostgreSQL and Kafka behind proxies, real ledger)', () => {
  let lab: FailureLab;
  let amy: PlayerClient;

  beforeAll(async () => {
    lab = await FailureLab.open({
      app: 'roulette-service',
      name: 'rou_fail',
      tables: TABLES,
      ledgerTables: LEDGER_TABLES,
      deposits: { amy: DEPOSIT, eve: DEPOSIT },
      env: {
        LEDGER_DECISION_TIMEOUT_MS: '1500',
        KAFKA_SEND_TIMEOUT_MS: '1000',
        HEALTH_CHECK_TIMEOUT_MS: '1000',
      },
    });
    amy = await lab.connect('amy');
    await amy.request('join', { tableId: TABLE });
  });
  afterAll(async () => {
    console.log(`dependency-failure figures: ${JSON.stringify(figures)}`);
    if (process.env.FAILURE_LAB_LOG) {
      writeFileSync(process.env.FAILURE_LAB_LOG, `${lab?.service.log()}\n---ledger---\n${lab?.ledger.log()}`);
    }
    await lab?.close();
  });

  /** The next round that opens after now, with a red bet of `stake` accepted on it. */
  async function betOnNextRound(
    player: PlayerClient,
    stake = 100,
  ): Promise<{ roundId: string; ref: string }> {
    const opened = await player.waitFor('round:opened', () => true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    const ack = await player.request<{ ok: boolean; refs: string[] }>('placeBet', {
      tableId: TABLE,
      roundId,
      bet: { type: 'red' },
      stake: String(stake),
    });
    expect(ack).toMatchObject({ ok: true });
    return { roundId, ref: ack.refs[0] };
  }

  const tableRow = async (): Promise<Row> => {
    const rows = (await lab.getJson('/tables')).body as unknown as Row[];
    const row = rows.find((r) => r.tableId === TABLE);
    if (!row) throw new Error('table not listed');
    return row;
  };

  it('reports liveness and readiness with each dependency', async () => {
    const live = await lab.getJson('/health/live');
    expect(live.status).toBe(200);
    const ready = await lab.getJson('/health/ready');
    expect(ready).toMatchObject({
      status: 200,
      body: {
        status: 'ok',
        details: { database: { status: 'up' }, kafka: { status: 'up' }, ledger: { status: 'up' } },
      },
    });
    // The old path answers as readiness.
    expect((await lab.getJson('/health')).body).toMatchObject({ status: 'ok' });
    expect(await tableRow()).toMatchObject({ status: 'running', pausedFor: [] });
  });

  it('pg_terminate_backend of its connections mid-round: the process lives on, the round is settled, the table goes on', async () => {
    const { roundId, ref } = await betOnNextRound(amy);
    await amy.waitFor('bet:accepted', (p) => p.ref === ref);
    let ended = 0;
    // Through the close, the spin and the result: every step's save meets dead connections.
    for (let i = 0; i < 15; i++) {
      ended += await lab.terminateServiceConnections();
      await new Promise((r) => setTimeout(r, 150));
    }
    expect(ended).toBeGreaterThan(0);
    expect(lab.service.running).toBe(true);
    await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
    await amy.waitFor('round:opened', (p) => p.roundId !== roundId, 30_000, Date.now());
    figures.terminatedConnections = ended;
  });

  it('PostgreSQL unreachable: the table pauses (players told, GET /tables, readiness 503) and resumes when it is back', async () => {
    const { roundId, ref } = await betOnNextRound(amy);
    await amy.waitFor('bet:accepted', (p) => p.ref === ref);
    const cutAt = Date.now();
    lab.pgProxy.cut();
    // Restored whatever happens, so that a failure here does not fail the tests after it.
    const restore = setTimeout(() => lab.pgProxy.restore(), 20_000);
    const paused = await amy.waitFor('table:status', (p) => p.status === 'paused', 15_000, cutAt);
    expect(paused).toMatchObject({ tableId: TABLE, pausedFor: ['database'] });
    const pausedAt = Date.now();
    expect(await tableRow()).toMatchObject({ status: 'paused', pausedFor: ['database'] });
    const ready = await lab.getJson('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ details: { database: { status: 'down' }, kafka: { status: 'up' } } });
    expect((await lab.getJson('/health/live')).status).toBe(200);
    expect(
      await amy.request('placeBet', { tableId: TABLE, bet: { type: 'black' }, stake: '100' }),
    ).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
    await new Promise((r) => setTimeout(r, 3000));
    const restoredAt = Date.now();
    clearTimeout(restore);
    lab.pgProxy.restore();
    await amy.waitFor('table:status', (p) => p.status === 'running', 15_000, restoredAt);
    const resumedAt = Date.now();
    await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
    await amy.waitFor('round:opened', (p) => p.roundId !== roundId, 30_000, resumedAt);
    expect(lab.service.running).toBe(true);
    figures.pgOutageMs = restoredAt - cutAt;
    figures.pgPausedMs = resumedAt - pausedAt;
    figures.pgResumeAfterRestoreMs = resumedAt - restoredAt;
  });

  it("the first bet of a database outage is answered TABLE_PAUSED at once, not after the driver's timeouts", async () => {
    const opened = await amy.waitFor('round:opened', () => true, 30_000, Date.now());
    // A partition: connections stay open and nothing answers (a query waits for its timeout, 10 s).
    lab.pgProxy.silence();
    const restore = setTimeout(() => lab.pgProxy.restore(), 30_000);
    const bet = (type: string) =>
      amy.request('placeBet', { tableId: TABLE, roundId: opened.roundId, bet: { type }, stake: '100' });
    const sentAt = Date.now();
    expect(await bet('red')).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
    const firstMs = Date.now() - sentAt;
    expect(firstMs).toBeLessThan(4_000);
    const nextAt = Date.now();
    expect(await bet('black')).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
    const nextMs = Date.now() - nextAt;
    expect(nextMs).toBeLessThan(500);
    clearTimeout(restore);
    const restoredAt = Date.now();
    lab.pgProxy.restore();
    await amy.waitFor('table:status', (p) => p.status === 'running', 30_000, restoredAt);
    // Nothing of the refused bets was kept: the table goes on, its next round takes bets again.
    const { roundId, ref } = await betOnNextRound(amy);
    await amy.waitFor('bet:accepted', (p) => p.ref === ref);
    await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
    figures.firstBetInPgOutageMs = firstMs;
    figures.nextBetInPgOutageMs = nextMs;
  });

  it('Kafka unreachable: the round in play ends on time, no new round opens, players are told; its events go out once it is back', async () => {
    const { roundId, ref } = await betOnNextRound(amy);
    await amy.waitFor('bet:accepted', (p) => p.ref === ref);
    const cutAt = Date.now();
    lab.kafkaProxy.cut();
    const restore = setTimeout(() => lab.kafkaProxy.restore(), 25_000);
    const result = await amy.waitFor('round:result', (p) => p.roundId === roundId, 15_000);
    expect(result).toMatchObject({ roundId });
    const resultAt = Date.now();
    // The close, the spin and the result did not wait for Kafka.
    expect(resultAt - cutAt).toBeLessThan(BETTING_MS + 3000);
    await amy.waitFor('table:status', (p) => p.status === 'paused', 15_000, cutAt);
    expect(amy.all('table:status').at(-1)).toMatchObject({ pausedFor: ['kafka'] });
    expect(await tableRow()).toMatchObject({ status: 'paused', pausedFor: ['kafka'] });
    const ready = await lab.getJson('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ details: { kafka: { status: 'down' }, database: { status: 'up' } } });
    expect((await lab.outbox()).unsent).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 4000));
    expect(amy.received.filter((m) => m.name === 'round:opened' && m.at > resultAt)).toEqual([]);
    const restoredAt = Date.now();
    clearTimeout(restore);
    lab.kafkaProxy.restore();
    await amy.waitFor('table:status', (p) => p.status === 'running', 30_000, restoredAt);
    const resumedAt = Date.now();
    await amy.waitFor('round:opened', () => true, 30_000, restoredAt);
    await amy.waitFor('round:settled', (p) => p.roundId === roundId, 60_000);
    await eventually(async () => (await lab.outbox()).unsent === 0, 30_000);
    figures.kafkaOutageMs = restoredAt - cutAt;
    figures.kafkaResumeAfterRestoreMs = resumedAt - restoredAt;
    figures.kafkaResultAfterCutMs = resultAt - cutAt;
  });

  it('the ledger silent past the timeout: the round is voided, then every bet gets its answer and every stake back', async () => {
    const eve = await lab.connect('eve');
    await eve.request('join', { tableId: TABLE });
    const opened = await eve.waitFor('round:opened', () => true, 30_000, Date.now());
    const roundId = opened.roundId as string;
    const frozenAt = Date.now();
    lab.ledger.pause();
    const thaw = setTimeout(() => lab.ledger.resume(), 20_000);
    const ack = await eve.request<{ ok: boolean; refs: string[] }>('placeBet', {
      tableId: TABLE,
      roundId,
      bet: { type: 'red' },
      stake: '500',
    });
    expect(ack.ok).toBe(true);
    const ref = ack.refs[0];
    const betAt = Date.now();
    const voided = await eve.waitFor('round:voided', (p) => p.roundId === roundId, 20_000);
    const voidedAt = Date.now();
    expect(voided).toMatchObject({ reason: 'malfunction' });
    await eve.waitFor('table:status', (p) => p.status === 'paused', 10_000, frozenAt);
    expect(eve.all('table:status').at(-1)).toMatchObject({ pausedFor: ['ledger'] });
    await new Promise((r) => setTimeout(r, 2000));
    const afterVoid = Date.now();
    expect(eve.received.filter((m) => m.name === 'round:opened' && m.at > frozenAt)).toEqual([]);
    clearTimeout(thaw);
    lab.ledger.resume();
    const resumedAt = Date.now();
    const answersFor = () =>
      eve.received.filter(
        (m) => (m.name === 'bet:accepted' || m.name === 'bet:rejected') && m.payload.ref === ref,
      );
    await eventually(() => answersFor().length > 0, 30_000);
    figures.ledgerAnsweredAfterResumeMs = Date.now() - resumedAt;
    const decision = answersFor()[0];
    if (decision.name === 'bet:accepted') {
      await eve.waitFor('round:refunded', (p) => p.roundId === roundId, 30_000);
    } else {
      // Not taken: the round was closed (LATE_BET) or already voided (ROUND_UNKNOWN) when the ledger saw the bet.
      expect(['LATE_BET', 'ROUND_UNKNOWN']).toContain(decision.payload.code);
    }
    figures.ledgerAnswer = decision.name === 'bet:accepted' ? 1 : 0;
    await eve.waitFor('table:status', (p) => p.status === 'running', 30_000, afterVoid);
    await eve.waitFor('round:opened', () => true, 30_000, afterVoid);
    await eventually(async () => (await lab.ledger.balance('op-test', 'eve', 'EUR')) === DEPOSIT, 20_000);
    // Exactly one final answer for the bet.
    expect(answersFor()).toHaveLength(1);
    figures.ledgerVoidAfterBetMs = voidedAt - betAt;
    figures.ledgerBackAfterResumeMs = Date.now() - resumedAt;
  });

  it('lost nothing and published nothing twice: every committed event is on Kafka exactly once', async () => {
    expect(lab.service.running).toBe(true);
    await eventually(async () => (await lab.outbox()).unsent === 0, 30_000);
    const { eventIds } = await lab.outbox();
    const published = await lab.publishedEvents(eventIds);
    expect(duplicateIds(published)).toEqual([]);
    const onKafka = new Set(published.map((e) => e.id));
    expect(eventIds.filter((id) => !onKafka.has(id))).toEqual([]);
    figures.roundsOpened = amy.all('round:opened').length;
    figures.lastRoundOpenedAgoMs =
      Date.now() - (amy.received.filter((m) => m.name === 'round:opened').at(-1)?.at ?? 0);
    figures.eventsCommitted = eventIds.length;
    figures.eventsOnKafka = published.length;
    figures.eventsLost = eventIds.filter((id) => !onKafka.has(id)).length;
    figures.eventsDuplicated = duplicateIds(published).length;
    // Amy's bets were all settled once: her balance is the deposit plus what the rounds paid her.
    expect(lab.service.log()).not.toMatch(/Unhandled|uncaught/i);
  });
});
