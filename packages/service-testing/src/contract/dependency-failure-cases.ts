/// <reference types="jest" />
import { writeFileSync } from 'node:fs';
import { duplicateIds, FailureLab } from '../harness/failure-lab';
import { PlayerClient } from '../harness/player-client';
import { eventually } from '../harness/test-ledger';
import { GameServiceSubject, PlaceAck, refOf } from './game-service-subject';

const BETTING_MS = 2000;
const DEPOSIT = 100_000n;
const STAKE = 100n;

type Row = { tableId: string; status: string; pausedFor: string[] };

/**
 * The cases against the built service as a process, PostgreSQL and Kafka behind proxies the test cuts and the real
 * ledger frozen: the table pauses and resumes, rounds end or are voided, nothing is lost or published twice.
 */
export function describeDependencyFailureCases(subject: GameServiceSubject): void {
  const game = subject.games[0];
  const tableId = `cf-${game.id.toLowerCase()}`;
  const tables = [game.table(tableId, BETTING_MS)];
  const playMs = game.playMs ?? 3000;
  const resultMessage = game.resultMessage ?? 'round:result';

  describe('through dependency failures (real process, PostgreSQL and Kafka behind proxies, real ledger)', () => {
    let lab: FailureLab;
    let amy: PlayerClient;
    /** What the runs measured, printed at the end (docs/reliability.md quotes them). */
    const figures: Record<string, number> = {};

    beforeAll(async () => {
      lab = await FailureLab.open({
        app: subject.app,
        name: `${subject.app.split('-')[0]}_contract`,
        tables,
        ledgerTables: subject.harness.catalogueOf(tables),
        deposits: { amy: DEPOSIT, eve: DEPOSIT },
        env: {
          LEDGER_DECISION_TIMEOUT_MS: '1500',
          KAFKA_SEND_TIMEOUT_MS: '1000',
          HEALTH_CHECK_TIMEOUT_MS: '1000',
        },
      });
      amy = await lab.connect('amy');
      await amy.request('join', { tableId });
    });
    afterAll(async () => {
      console.log(`${subject.app} dependency-failure figures: ${JSON.stringify(figures)}`);
      // The service's and the ledger's logs, to read a failure.
      if (process.env.FAILURE_LAB_LOG && lab) {
        writeFileSync(process.env.FAILURE_LAB_LOG, `${lab.service.log()}\n---ledger---\n${lab.ledger.log()}`);
      }
      await lab?.close();
    });

    const opensAfter = (since: number, timeoutMs = 30_000) =>
      amy.waitFor('round:opened', (p) => p.tableId === tableId && p.noBet !== true, timeoutMs, since);

    /** The next round that opens after now, with a bet of amy's sent (not yet decided). */
    async function betOnNextRound(): Promise<{ roundId: string; ref: string }> {
      const roundId = (await opensAfter(Date.now())).roundId as string;
      const ack = await amy.request<PlaceAck>('placeBet', {
        tableId,
        roundId,
        ...game.bets[0],
        stake: String(STAKE),
      });
      expect(ack).toMatchObject({ ok: true });
      return { roundId, ref: refOf(ack) };
    }

    /**
     * A round the service voided after "no more bets" with amy's stake in it: the ledger applies the void at once
     * when it comes with the round's BettingClosed, else holds it for a pit boss (docs/ledger.md#voids-after-betting-
     * closed), who approves it here; either way the stake comes back.
     */
    async function refundedAfterVoid(roundId: string): Promise<void> {
      const statuses: string[] = [];
      await eventually(async () => {
        const status = (await lab.ledgerRoundStatus(tableId, roundId)) ?? 'none';
        statuses.push(status);
        if (status === 'closed')
          await lab.ledger.approveVoid(tableId, roundId, 'the contract: a Kafka outage');
        return status === 'voided';
      }, 30_000).catch(() => {
        throw new Error(
          `round ${roundId} not voided at the ledger; its statuses: ${[...new Set(statuses)].join(',')}`,
        );
      });
      figures.kafkaVoidHeldForApproval = statuses.includes('closed') ? 1 : 0;
      await amy.waitFor('round:refunded', (p) => p.roundId === roundId, 30_000);
    }

    const tableRow = async (): Promise<Row> => {
      const rows = (await lab.getJson('/tables')).body as unknown as Row[];
      const row = rows.find((r) => r.tableId === tableId);
      if (!row) throw new Error('table not listed');
      return row;
    };

    it('reports liveness and readiness with each dependency', async () => {
      expect((await lab.getJson('/health/live')).status).toBe(200);
      expect(await lab.getJson('/health/ready')).toMatchObject({
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
      const { roundId, ref } = await betOnNextRound();
      await amy.waitFor('bet:accepted', (p) => p.ref === ref);
      let ended = 0;
      // Through the close, the deal or spin and the result: every step's save meets dead connections.
      for (let i = 0; i < 20; i++) {
        ended += await lab.terminateServiceConnections();
        await new Promise((r) => setTimeout(r, 150));
      }
      expect(ended).toBeGreaterThan(0);
      expect(lab.service.running).toBe(true);
      await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
      await amy.waitFor(
        'round:opened',
        (p) => p.tableId === tableId && p.roundId !== roundId,
        30_000,
        Date.now(),
      );
      figures.terminatedConnections = ended;
    });

    it('PostgreSQL unreachable: the table pauses (players told, GET /tables, readiness 503) and resumes when it is back', async () => {
      const { roundId, ref } = await betOnNextRound();
      await amy.waitFor('bet:accepted', (p) => p.ref === ref);
      const cutAt = Date.now();
      lab.pgProxy.cut();
      // Restored whatever happens, so that a failure here does not fail the cases after it.
      const restore = setTimeout(() => lab.pgProxy.restore(), 20_000);
      const paused = await amy.waitFor('table:status', (p) => p.status === 'paused', 15_000, cutAt);
      expect(paused).toMatchObject({ tableId, pausedFor: ['database'] });
      const pausedAt = Date.now();
      expect(await tableRow()).toMatchObject({ status: 'paused', pausedFor: ['database'] });
      const ready = await lab.getJson('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        details: { database: { status: 'down' }, kafka: { status: 'up' } },
      });
      expect((await lab.getJson('/health/live')).status).toBe(200);
      expect(await amy.request('placeBet', { tableId, ...game.bets[1], stake: String(STAKE) })).toMatchObject(
        { ok: false, code: 'TABLE_PAUSED' },
      );
      await new Promise((r) => setTimeout(r, 3000));
      const restoredAt = Date.now();
      clearTimeout(restore);
      lab.pgProxy.restore();
      await amy.waitFor('table:status', (p) => p.status === 'running', 15_000, restoredAt);
      const resumedAt = Date.now();
      await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
      await amy.waitFor(
        'round:opened',
        (p) => p.tableId === tableId && p.roundId !== roundId,
        30_000,
        resumedAt,
      );
      expect(lab.service.running).toBe(true);
      figures.pgOutageMs = restoredAt - cutAt;
      figures.pgPausedMs = resumedAt - pausedAt;
      figures.pgResumeAfterRestoreMs = resumedAt - restoredAt;
    });

    it("the first bet of a database outage is answered TABLE_PAUSED at once, not after the driver's timeouts", async () => {
      const opened = await opensAfter(Date.now());
      // A partition: connections stay open and nothing answers (a query waits for its timeout, 10 s).
      lab.pgProxy.silence();
      const restore = setTimeout(() => lab.pgProxy.restore(), 30_000);
      const bet = (which: 0 | 1) =>
        amy.request('placeBet', {
          tableId,
          roundId: opened.roundId,
          ...game.bets[which],
          stake: String(STAKE),
        });
      const sentAt = Date.now();
      expect(await bet(0)).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
      const firstMs = Date.now() - sentAt;
      expect(firstMs).toBeLessThan(4_000);
      const nextAt = Date.now();
      expect(await bet(1)).toMatchObject({ ok: false, code: 'TABLE_PAUSED' });
      const nextMs = Date.now() - nextAt;
      expect(nextMs).toBeLessThan(500);
      clearTimeout(restore);
      const restoredAt = Date.now();
      lab.pgProxy.restore();
      await amy.waitFor('table:status', (p) => p.status === 'running', 30_000, restoredAt);
      // Nothing of the refused bets was kept: the table goes on, its next round takes bets again.
      const { roundId, ref } = await betOnNextRound();
      await amy.waitFor('bet:accepted', (p) => p.ref === ref);
      await amy.waitFor('round:settled', (p) => p.roundId === roundId, 30_000);
      figures.firstBetInPgOutageMs = firstMs;
      figures.nextBetInPgOutageMs = nextMs;
    });

    it('Kafka unreachable: the round in play ends on time, no new round opens, players are told; its events go out once it is back', async () => {
      const { roundId, ref } = await betOnNextRound();
      await amy.waitFor('bet:accepted', (p) => p.ref === ref);
      const cutAt = Date.now();
      lab.kafkaProxy.cut();
      const restore = setTimeout(() => lab.kafkaProxy.restore(), 25_000);
      // The round ends without Kafka: its result, or its void where the deal needs the ledger's final bets.
      const ending = game.dealsAfterFinalBets ? 'round:voided' : resultMessage;
      await amy.waitFor(ending, (p) => p.roundId === roundId, 20_000);
      const resultAt = Date.now();
      // The close, the deal or spin and the result (or the void) did not wait for Kafka.
      expect(resultAt - cutAt).toBeLessThan(BETTING_MS + playMs);
      await amy.waitFor('table:status', (p) => p.status === 'paused', 15_000, cutAt);
      expect(amy.all('table:status').at(-1)).toMatchObject({ pausedFor: ['kafka'] });
      expect(await tableRow()).toMatchObject({ status: 'paused', pausedFor: ['kafka'] });
      const ready = await lab.getJson('/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({
        details: { kafka: { status: 'down' }, database: { status: 'up' } },
      });
      expect((await lab.outbox()).unsent).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 3000));
      expect(amy.received.filter((m) => m.name === 'round:opened' && m.at > resultAt)).toEqual([]);
      const restoredAt = Date.now();
      clearTimeout(restore);
      lab.kafkaProxy.restore();
      await amy.waitFor('table:status', (p) => p.status === 'running', 30_000, restoredAt);
      const resumedAt = Date.now();
      await opensAfter(restoredAt);
      if (game.dealsAfterFinalBets) await refundedAfterVoid(roundId);
      else await amy.waitFor('round:settled', (p) => p.roundId === roundId, 60_000);
      await eventually(async () => (await lab.outbox()).unsent === 0, 30_000);
      figures.kafkaOutageMs = restoredAt - cutAt;
      figures.kafkaResultAfterCutMs = resultAt - cutAt;
      figures.kafkaResumeAfterRestoreMs = resumedAt - restoredAt;
    });

    it('the ledger silent past the timeout before the deal: the round is voided, the bet gets one answer and the stake back', async () => {
      const eve = await lab.connect('eve');
      await eve.request('join', { tableId });
      const before = await lab.ledger.balance('op-test', 'eve', 'EUR');
      const opened = await eve.waitFor(
        'round:opened',
        (p) => p.tableId === tableId && p.noBet !== true,
        30_000,
        Date.now(),
      );
      const roundId = opened.roundId as string;
      const frozenAt = Date.now();
      lab.ledger.pause();
      const thaw = setTimeout(() => lab.ledger.resume(), 20_000);
      const ack = await eve.request<PlaceAck>('placeBet', {
        tableId,
        roundId,
        ...game.bets[0],
        stake: '500',
      });
      expect(ack.ok).toBe(true);
      const ref = refOf(ack);
      const betAt = Date.now();
      const voided = await eve.waitFor('round:voided', (p) => p.roundId === roundId, 20_000);
      const voidedAt = Date.now();
      expect(voided).toMatchObject({ reason: 'malfunction' });
      await eve.waitFor('table:status', (p) => p.status === 'paused', 10_000, frozenAt);
      expect(eve.all('table:status').at(-1)).toMatchObject({ status: 'paused', pausedFor: ['ledger'] });
      await new Promise((r) => setTimeout(r, 2000));
      const afterVoid = Date.now();
      expect(eve.received.filter((m) => m.name === 'round:opened' && m.at > frozenAt)).toEqual([]);
      clearTimeout(thaw);
      lab.ledger.resume();
      const resumedAt = Date.now();
      const answers = () =>
        eve.received.filter(
          (m) => (m.name === 'bet:accepted' || m.name === 'bet:rejected') && m.payload.ref === ref,
        );
      await eventually(() => answers().length > 0, 30_000);
      figures.ledgerAnsweredAfterResumeMs = Date.now() - resumedAt;
      const decision = answers()[0];
      if (decision.name === 'bet:accepted') {
        await eve.waitFor('round:refunded', (p) => p.roundId === roundId, 30_000);
      } else {
        // Not taken: the round was closed (LATE_BET) or already voided (ROUND_UNKNOWN) when the ledger saw the bet.
        expect(['LATE_BET', 'ROUND_UNKNOWN']).toContain(decision.payload.code);
      }
      await eve.waitFor('table:status', (p) => p.status === 'running', 30_000, afterVoid);
      await eve.waitFor('round:opened', (p) => p.tableId === tableId, 30_000, afterVoid);
      // Accepted then refunded, or rejected: the wallet is as before the voided round. A failure says how far off
      // it is (−500: the stake kept; another figure: a settlement of the round before) and what the bet was told.
      const balance = () => lab.ledger.balance('op-test', 'eve', 'EUR');
      await eventually(async () => (await balance()) === before, 45_000).catch(async () => {
        const off = (await balance()) - before;
        throw new Error(
          `the wallet is ${off} off its balance before the voided round; the bet: ${JSON.stringify(answers())}`,
        );
      });
      // Exactly one final answer for the bet.
      expect(answers()).toHaveLength(1);
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
      figures.eventsCommitted = eventIds.length;
      figures.eventsOnKafka = published.length;
      expect(lab.service.log()).not.toMatch(/Unhandled|uncaught/i);
    });
  });
}
