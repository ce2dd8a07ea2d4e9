import { duplicateIds, eventually, TEST_PLAYER_SECRET } from '@casino/service-testing';
import { queryDatabase } from '@casino/test-support';
import { writeFileSync } from 'node:fs';
import { loadRouletteConfig } from '../src/config/roulette-config';
import { ledgerTableConfig } from '../src/table/table-context';
import { Bettor } from './support/bettor';
import { RestartLab } from './support/restart-lab';

// Fault test of real restarts (docs/reliability.md): a Kafka broker and a PostgreSQL cluster of this file alone,
// stopped and started again on the same storage while bets are in flight at a roulette table; the built ledger
// and roulette service run as processes against them and must come through with nothing lost.

jest.setTimeout(300_000);

const TABLE = 'rou-r';
const TABLES = [{ id: TABLE, dealer: 'auto', timers: { bettingMs: 2000, spinMs: 300, resultMs: 500 } }];
const PLAYERS = ['amy', 'bob', 'cid', 'dee'];
const DEPOSIT = 1_000_000n;
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** What the runs measured, printed at the end (docs/reliability.md quotes them). */
const figures: Record<string, number | string> = {};

describe('real restarts of Kafka and PostgreSQL mid-round (private servers, real ledger and roulette service)', () => {
  let lab: RestartLab;
  let bettors: Bettor[];
  let startedAt = 0;

  beforeAll(async () => {
    startedAt = Date.now();
    lab = await RestartLab.open({
      tables: TABLES,
      ledgerTables: LEDGER_TABLES,
      deposits: Object.fromEntries(PLAYERS.map((p) => [p, DEPOSIT])),
      env: {
        LEDGER_DECISION_TIMEOUT_MS: '1500',
        KAFKA_SEND_TIMEOUT_MS: '1000',
        HEALTH_CHECK_TIMEOUT_MS: '1000',
      },
    });
    bettors = [];
    for (const player of PLAYERS) {
      const client = await lab.connect(player);
      await client.request('join', { tableId: TABLE });
      bettors.push(new Bettor(player, client, TABLE));
    }
    figures.security = lab.broker.security;
    figures.setupMs = Date.now() - startedAt;
  }, 240_000);

  afterAll(async () => {
    figures.totalMs = Date.now() - startedAt;
    console.log(`restart figures: ${JSON.stringify(figures)}`);
    if (process.env.RESTART_LAB_LOG && lab) {
      writeFileSync(process.env.RESTART_LAB_LOG, `${lab.service.log()}\n---ledger---\n${lab.ledger.log()}`);
    }
    for (const b of bettors ?? []) b.active = false;
    await lab?.close();
  }, 120_000);

  const amy = () => bettors[0].client;

  /** Once a round opened after now has its bets acknowledged by the service (bets in flight to the ledger). */
  async function midRound(): Promise<string> {
    const opened = await amy().waitFor('round:opened', () => true, 60_000, Date.now());
    const roundId = String(opened.roundId);
    await eventually(
      () => bettors.every((b) => b.placed.some((p) => p.roundId === roundId && (p.ref || p.refusedCode))),
      10_000,
    );
    return roundId;
  }

  /**
   * The table opens rounds after `since` and settles one of them (the first may be voided: the ledger's consumer
   * can still be rejoining when its bets are due); returns when the first opened and when one settled.
   */
  async function resumed(since: number): Promise<{ openedAt: number; settledAt: number; voided: number }> {
    const openedSince = () => amy().received.filter((m) => m.name === 'round:opened' && m.at >= since);
    const settled = () => {
      const ids = new Set(openedSince().map((m) => m.payload.roundId));
      return amy().received.find((m) => m.name === 'round:settled' && ids.has(m.payload.roundId));
    };
    await eventually(() => settled() !== undefined, 120_000);
    const settledMessage = settled()!;
    const ids = new Set(openedSince().map((m) => m.payload.roundId));
    const voided = amy().received.filter((m) => m.name === 'round:voided' && ids.has(m.payload.roundId));
    expect(lab.service.running).toBe(true);
    expect(lab.ledger.running).toBe(true);
    return { openedAt: openedSince()[0].at, settledAt: settledMessage.at, voided: voided.length };
  }

  it('runs rounds before the restarts', async () => {
    await resumed(Date.now());
    const ready = await lab.ready();
    expect(ready).toMatchObject({ status: 200, body: { status: 'ok' } });
  });

  it('Kafka broker stopped mid-round, down a few seconds, started on the same storage: the table resumes', async () => {
    await midRound();
    const cutAt = Date.now();
    await lab.broker.stop('graceful');
    const stoppedAt = Date.now();
    await sleep(3000);
    await lab.broker.start();
    const backAt = Date.now();
    const { openedAt, settledAt, voided } = await resumed(backAt);
    figures.brokerRoundsVoidedAfterStart = voided;
    figures.brokerStopMs = stoppedAt - cutAt;
    figures.brokerDownMs = backAt - stoppedAt;
    figures.brokerRoundOpenedAfterStartMs = openedAt - backAt;
    figures.brokerRoundSettledAfterStartMs = settledAt - backAt;
  });

  it('PostgreSQL restarted (pg_ctl restart -m fast) mid-round: the table resumes', async () => {
    await midRound();
    const cutAt = Date.now();
    await lab.pg.restart('fast');
    const backAt = Date.now();
    const { openedAt, settledAt, voided } = await resumed(backAt);
    figures.pgFastRoundsVoidedAfter = voided;
    figures.pgFastRestartMs = backAt - cutAt;
    figures.pgFastRoundOpenedAfterMs = openedAt - backAt;
    figures.pgFastRoundSettledAfterMs = settledAt - backAt;
  });

  it('PostgreSQL crashed (pg_ctl stop -m immediate), down a few seconds, started: the table resumes', async () => {
    await midRound();
    const cutAt = Date.now();
    await lab.pg.stop('immediate');
    const stoppedAt = Date.now();
    await sleep(3000);
    await lab.pg.start();
    const backAt = Date.now();
    const { openedAt, settledAt, voided } = await resumed(backAt);
    figures.pgCrashRoundsVoidedAfterStart = voided;
    figures.pgCrashDownMs = backAt - stoppedAt;
    figures.pgCrashStopMs = stoppedAt - cutAt;
    figures.pgCrashRoundOpenedAfterStartMs = openedAt - backAt;
    figures.pgCrashRoundSettledAfterStartMs = settledAt - backAt;
  });

  it('Kafka broker SIGKILLed mid-round, started on the same storage: the table resumes', async () => {
    await midRound();
    const cutAt = Date.now();
    await lab.broker.stop('kill');
    await sleep(2000);
    await lab.broker.start();
    const backAt = Date.now();
    const { openedAt, settledAt, voided } = await resumed(backAt);
    figures.brokerKillRoundsVoidedAfterStart = voided;
    figures.brokerKillDownMs = backAt - cutAt;
    figures.brokerKillRoundOpenedAfterStartMs = openedAt - backAt;
    figures.brokerKillRoundSettledAfterStartMs = settledAt - backAt;
  });

  it('every bet got one final answer, was settled or refunded once, and every wallet holds what the engine implies', async () => {
    for (const b of bettors) b.active = false;
    const acked = bettors.flatMap((b) => b.placed.filter((p) => p.ref).map((p) => ({ b, ref: p.ref! })));
    // Every acknowledged command gets its decision, every accepted bet its settlement or refund.
    await eventually(() => acked.every(({ b, ref }) => b.decisions().has(ref)), 90_000);
    await eventually(() => bettors.every((b) => b.accepted().every((a) => b.finals().has(a.betId))), 90_000);
    await sleep(1500); // a duplicate answer would come now
    let accepted = 0;
    let refunded = 0;
    let settled = 0;
    for (const b of bettors) {
      const decisions = b.decisions();
      for (const { ref } of acked.filter((a) => a.b === b))
        expect([ref, decisions.get(ref)?.length]).toEqual([ref, 1]);
      expect([...decisions.values()].filter((d) => d.length !== 1)).toEqual([]);
      const finals = b.finals();
      let expected = DEPOSIT;
      for (const a of b.accepted()) {
        const answers = finals.get(a.betId) ?? [];
        expect([a.betId, answers.length]).toEqual([a.betId, 1]);
        const [final] = answers;
        if (final.kind === 'settled') {
          // Settled means a result was spun: the wallet gets what the engine pays for that pocket.
          expect([a.betId, final.returned]).toEqual([a.betId, a.engineReturned]);
          settled++;
        } else {
          expect(final.returned).toBe(a.stake);
          refunded++;
        }
        expected += final.returned - a.stake;
        accepted++;
      }
      expect([b.playerId, await lab.ledger.balance('op-test', b.playerId, 'EUR')]).toEqual([
        b.playerId,
        expected,
      ]);
    }
    // The ledger's own books agree: each accepted bet once, each with exactly one outcome.
    const [books] = await queryDatabase<{ bets: number; outcomes: number; once: number }>(
      lab.ledgerDb,
      `SELECT (SELECT count(*)::int FROM ledger_bets) AS bets,
              (SELECT count(*)::int FROM ledger_bet_outcomes) AS outcomes,
              (SELECT count(DISTINCT bet_id)::int FROM ledger_bet_outcomes) AS once`,
    );
    expect(books).toEqual({ bets: accepted, outcomes: accepted, once: accepted });
    const placed = bettors.flatMap((b) => b.placed);
    figures.rounds = amy().all('round:opened').length;
    figures.roundsSettled = amy().all('round:result').length;
    figures.betsPlaced = placed.length;
    figures.betsRefusedAtSocket = placed.filter((p) => p.refusedCode).length;
    figures.betsAccepted = accepted;
    figures.betsRejected = acked.length - accepted;
    figures.betsSettled = settled;
    figures.betsRefunded = refunded;
  });

  it('lost nothing and published nothing twice, and ledger:verify passes', async () => {
    expect(lab.service.running).toBe(true);
    expect(lab.ledger.running).toBe(true);
    await eventually(
      async () => (await lab.outbox()).unsent === 0 && (await lab.ledgerUnsent()) === 0,
      60_000,
    );
    const { eventIds } = await lab.outbox();
    const events = await lab.events(eventIds);
    const onKafka = new Set(events.map((e) => e.id));
    const lost = eventIds.filter((id) => !onKafka.has(id));
    // The service's events: each on Kafka exactly once (its relay never resends what Kafka took).
    const fromService = new Set(eventIds);
    const serviceEvents = events.filter((e) => fromService.has(e.id));
    const twice = duplicateIds(serviceEvents);
    figures.serviceEventsCommitted = eventIds.length;
    figures.serviceEventsLost = lost.length;
    figures.serviceEventsDuplicated = twice.length;
    expect(lost).toEqual([]);
    expect(twice).toEqual([]);
    // The ledger's: at least once by design (its relay resends a batch whose send failed, consumers dedupe by
    // event id), so a copy of one event may come; never a second decision for a command or settlement of a round.
    const ledgerEvents = events.filter((e) => !fromService.has(e.id));
    figures.ledgerEventsOnKafka = ledgerEvents.length;
    figures.ledgerEventCopies = ledgerEvents.length - new Set(ledgerEvents.map((e) => e.id)).size;
    const idsPer = new Map<string, Set<string>>();
    for (const e of ledgerEvents) {
      let key: string | undefined;
      if (e.type === 'BetAccepted' || e.type === 'BetRejected') key = `decision/${e.commandId}`;
      if (e.type === 'RoundSettled') key = `settled/${e.roundId}/${e.part.index}`;
      if (e.type === 'RoundRefunded') key = `refunded/${e.roundId}`;
      if (key) idsPer.set(key, (idsPer.get(key) ?? new Set()).add(e.id));
    }
    expect([...idsPer].filter(([, ids]) => ids.size !== 1).map(([key]) => key)).toEqual([]);
    const refundedRounds = [...idsPer.keys()].filter((k) => k.startsWith('refunded/')).map((k) => k.slice(9));
    expect(refundedRounds.filter((r) => idsPer.has(`settled/${r}/0`))).toEqual([]);
    const verify = lab.verifyLedger();
    expect(verify.output).toContain('checks passed');
    expect(verify.status).toBe(0);
    expect(lab.service.log()).not.toMatch(/Unhandled|uncaught/i);
  });
});
