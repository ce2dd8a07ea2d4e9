import { encodeEventBuffer, EventOf } from '@casino/events';
import { recordTestSessions, sessionsOfCommands } from '@casino/test-support';
import { INestApplication } from '@nestjs/common';
import { LedgerProcessor } from '../src/messaging/ledger.processor';
import { bac, baccaratTable, isDecisionFor, newRound, OP, place } from './support/builders';
import { openRound } from './support/flow';
import {
  balanceOf,
  createHarness,
  deposit,
  Harness,
  ledgerKafkaEnv,
  sessionKeysOf,
} from './support/ledger-harness';

jest.setTimeout(90_000);

let h: Harness;
let second: INestApplication | undefined;
beforeAll(async () => {
  h = await createHarness('conc');
  await h.startLedger({ LEDGER_PARTITIONS_CONCURRENCY: '3' });
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

const types = (decisions: EventOf<'BetAccepted'>[]) =>
  new Set(decisions.map((d) => (d.bet.game === 'baccarat' ? d.bet.type : '?')));

describe('concurrent conflicting commands', () => {
  it('200 commands of one player (Player and Banker, more than the balance): never both, never negative', async () => {
    await deposit(h, OP, 'racer', 5_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const cmds = Array.from({ length: 200 }, (_, i) =>
      place(r, 'racer', 100n, bac(i % 2 === 0 ? 'player' : 'banker')),
    );
    await Promise.all(cmds.map((c) => h.send(c)));
    const decisions = await h.waitFor(isDecisionFor(new Set(cmds.map((c) => c.id))), 200, 30_000);
    const accepted = decisions.filter((d): d is EventOf<'BetAccepted'> => d.type === 'BetAccepted');
    expect(types(accepted).size).toBe(1);
    expect(accepted).toHaveLength(50);
    expect(await balanceOf(h, OP, 'racer')).toBe(0n);
    const codes = new Set(
      decisions.filter((d) => d.type === 'BetRejected').map((d) => (d.type === 'BetRejected' ? d.code : '')),
    );
    expect([...codes].sort()).toEqual(['INSUFFICIENT_FUNDS', 'OPPOSING_BETS']);
  });

  it('interleaved batches on the database never break a player or table restriction', async () => {
    // Bypass Kafka's per-key ordering: many transactions race for the same player and the same round.
    const processor = new LedgerProcessor(h.ds, h.topics, sessionKeysOf(h), {
      log: () => {},
      warn: () => {},
      error: () => {},
    });
    await deposit(h, OP, 'p1', 3_000n);
    await deposit(h, OP, 'p2', 100_000n);
    await deposit(h, OP, 'p3', 100_000n);
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ maxDifference: 2_000n }));
    const batches = Array.from({ length: 20 }, (_, b) =>
      Array.from({ length: 10 }, (_, i) => {
        const n = b * 10 + i;
        const player = ['p1', 'p2', 'p3'][n % 3];
        return place(r, player, 100n + BigInt(n % 7) * 50n, bac((n + b) % 2 === 0 ? 'player' : 'banker'));
      }),
    );
    await recordTestSessions((sql, params) => h.ds.query(sql, params), sessionsOfCommands(batches.flat()));
    await Promise.all(
      batches.map((cmds) =>
        processor.processBatch(
          h.topics.betCommandsBaccarat,
          cmds.map((c, i) => ({ value: encodeEventBuffer(c), offset: String(i) })),
        ),
      ),
    );
    const bets: { player_id: string; limit_key: string; stake: string }[] = await h.ds.query(
      `SELECT player_id, limit_key, stake FROM ledger_bets WHERE round_id = $1`,
      [r.roundId],
    );
    for (const p of ['p1', 'p2', 'p3']) {
      expect(new Set(bets.filter((b) => b.player_id === p).map((b) => b.limit_key)).size).toBeLessThanOrEqual(
        1,
      );
      expect(await balanceOf(h, OP, p)).toBeGreaterThanOrEqual(0n);
    }
    const total = (k: string) =>
      bets.filter((b) => b.limit_key === k).reduce((s, b) => s + BigInt(b.stake), 0n);
    const diff = total('player') - total('banker');
    expect(diff <= 2_000n && diff >= -2_000n).toBe(true);
    expect(bets.length).toBeGreaterThan(0);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('two ledger instances in one group keep the table difference and every balance', async () => {
    const { createLedgerApp } = await import('../src/app/app.factory');
    const { loadLedgerConfig } = await import('../src/config/ledger-config');
    second = await createLedgerApp(
      loadLedgerConfig({
        ...ledgerKafkaEnv(),
        DATABASE_URL: h.db.url,
        KAFKA_TOPIC_PREFIX: h.prefix,
        KAFKA_GROUP_ID: h.config.KAFKA_GROUP_ID,
        HTTP_PORT: '0',
        LOG_LEVEL: 'warn',
        DB_POOL_SIZE: '6',
      }),
    );
    await second.listen(0, '127.0.0.1');
    const players = Array.from({ length: 40 }, (_, i) => `m${i}`);
    await Promise.all(players.map((p) => deposit(h, OP, p, 1_000n)));
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable({ maxDifference: 1_500n }));
    const cmds = Array.from({ length: 200 }, (_, i) =>
      place(
        r,
        players[i % players.length],
        100n + BigInt(i % 3) * 100n,
        bac(i % 5 < 3 ? 'player' : 'banker'),
      ),
    );
    await Promise.all(cmds.map((c) => h.send(c)));
    // Deposits race the bets on the same wallets.
    await Promise.all(players.slice(0, 10).map((p) => deposit(h, OP, p, 50n)));
    const decisions = await h.waitFor(isDecisionFor(new Set(cmds.map((c) => c.id))), 200, 40_000);
    expect(decisions).toHaveLength(200);
    const rows: { limit_key: string; s: string }[] = await h.ds.query(
      `SELECT limit_key, sum(stake) AS s FROM ledger_bets WHERE round_id = $1 GROUP BY limit_key`,
      [r.roundId],
    );
    const t = Object.fromEntries(rows.map((x) => [x.limit_key, BigInt(x.s)]));
    const diff = (t.player ?? 0n) - (t.banker ?? 0n);
    expect(diff <= 1_500n && diff >= -1_500n).toBe(true);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
