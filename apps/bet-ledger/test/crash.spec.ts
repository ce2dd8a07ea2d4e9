import { BACCARAT_BET_TYPES, dealRound, settleBet as settleBaccarat } from '@casino/baccarat';
import {
  cardToText,
  randomInt,
  seededRandom,
  shuffleInPlace,
  stackedSource,
  RandomSource,
} from '@casino/cards';
import { BetSpec, CasinoEvent, EventOf } from '@casino/events';
import { settleBet as settleRoulette, validateBet } from '@casino/roulette';
import { WalletService } from '@casino/wallet';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LedgerProcess } from '@casino/test-support';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isDecisionFor,
  isSettled,
  newRound,
  OP,
  place,
  rou,
  rouletteResult,
  rouletteTable,
  RoundRef,
} from './support/builders';
import { openRound, sleep } from './support/flow';
import { balanceOf, createHarness, Harness } from './support/ledger-harness';

/** SIGKILLs during the stream; raise it for a longer soak (LEDGER_CRASH_KILLS=50). */
const KILLS = Number(process.env.LEDGER_CRASH_KILLS ?? 5);
const MIN_ROUNDS = Number(process.env.LEDGER_CRASH_ROUNDS ?? 6);
const PLAYERS = 24;
const BETS_PER_ROUND = 12;
const START = 1_000_000n;
const APP = path.join(__dirname, '..');

jest.setTimeout(150_000 + KILLS * 15_000);

let h: Harness;
let ledger: LedgerProcess;

beforeAll(async () => {
  if (!existsSync(path.join(APP, 'dist/main.js')))
    throw new Error('build the ledger first: npx tsc -p tsconfig.build.json');
  h = await createHarness('crash');
  ledger = new LedgerProcess(path.join(APP, 'dist/main.js'), {
    DATABASE_URL: h.db.url,
    KAFKA_TOPIC_PREFIX: h.prefix,
    KAFKA_GROUP_ID: h.config.KAFKA_GROUP_ID,
    HTTP_PORT: '0',
    LOG_LEVEL: 'error',
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    KAFKA_HEARTBEAT_MS: '500',
    LEDGER_CREATE_TOPICS: 'false',
  });
});
afterAll(async () => {
  await ledger?.kill();
  if (ledger) console.log(restartFigures(ledger.timeline));
  await h?.close();
});

function percentiles(values: number[]): string {
  if (values.length === 0) return 'none';
  const v = [...values].sort((a, b) => a - b);
  const at = (q: number) => v[Math.min(v.length - 1, Math.floor(q * v.length))];
  return `p50 ${at(0.5)} ms, p90 ${at(0.9)} ms, max ${v[v.length - 1]} ms (${v.length})`;
}

/**
 * Where a restart's time goes, from each start's timeline: spawn to ready (Nest booted, consumer joined), to the
 * group join, to the first batch decided; and the outage, from the previous instance's death to that first
 * batch. Starts killed before they decided anything are counted apart.
 */
function restartFigures(timeline: Record<string, number>[]): string {
  const restarts = timeline.slice(1).map((t, i) => ({ t, died: timeline[i].exited }));
  const since = (key: string) =>
    restarts.filter(({ t }) => t[key] !== undefined).map(({ t }) => t[key] - t.spawned);
  const outage = restarts
    .filter(({ t, died }) => t.deciding !== undefined && died !== undefined)
    .map(({ t, died }) => t.deciding - died!);
  const silent = restarts.filter(({ t }) => t.deciding === undefined).length;
  return [
    `restarts: ${restarts.length}, killed before deciding anything: ${silent}`,
    `spawn -> runtime bootstrap (Nest modules built): ${percentiles(since('bootstrap'))}`,
    `spawn -> migrations checked: ${percentiles(since('migrated'))}`,
    `spawn -> relay started: ${percentiles(since('relay'))}`,
    `spawn -> consumer connected: ${percentiles(since('connected'))}`,
    `spawn -> group joined: ${percentiles(since('joined'))}`,
    `spawn -> ready: ${percentiles(since('ready'))}`,
    `spawn -> first batch decided: ${percentiles(since('deciding'))}`,
    `previous death -> first batch decided: ${percentiles(outage)}`,
  ].join('\n');
}

const ROULETTE_BETS = [
  { type: 'red' },
  { type: 'odd' },
  { type: 'high' },
  { type: 'dozen', dozen: 2 },
  { type: 'column', column: 3 },
  { type: 'split', numbers: [0, 2] },
  { type: 'corner', numbers: [1, 2, 4, 5] },
] as const;

interface Expected {
  balances: Map<string, bigint>;
  bets: number;
  staked: bigint;
  returned: bigint;
}

/** One table's rounds, as a game service would drive them; expected money computed with the engines. */
async function driveTable(
  table: string,
  game: 'baccarat' | 'roulette',
  rng: RandomSource,
  exp: Expected,
  done: () => boolean,
): Promise<number> {
  let rounds = 0;
  while (rounds < MIN_ROUNDS || !done()) {
    const r: RoundRef = newRound(game, table);
    const cfg = game === 'baccarat' ? baccaratTable() : rouletteTable();
    await openRound(h, r, cfg, 120_000);
    const players = new Set<number>();
    while (players.size < BETS_PER_ROUND) players.add(randomInt(rng, PLAYERS));
    const cmds = [...players].map((p) => {
      const stake = 100n * BigInt(1 + randomInt(rng, 20));
      const bet: BetSpec =
        game === 'baccarat'
          ? bac(BACCARAT_BET_TYPES[randomInt(rng, BACCARAT_BET_TYPES.length)])
          : rou(ROULETTE_BETS[randomInt(rng, ROULETTE_BETS.length)] as never);
      return place(r, `p${p}`, stake, bet);
    });
    await h.send(...cmds);
    const ids = new Set(cmds.map((c) => c.id));
    const decisions = await h.waitForEach(isDecisionFor(ids), (d) => d.commandId, cmds.length, 90_000);
    const rejected = decisions.filter((d) => d.type === 'BetRejected');
    if (rejected.length > 0)
      throw new Error(
        `unexpected rejection: ${JSON.stringify(rejected[0], (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`,
      );

    let result: CasinoEvent;
    const returnedOf: (c: EventOf<'PlaceBet'>) => bigint = (() => {
      if (game === 'baccarat') {
        const deck = Array.from({ length: 52 }, (_, i) => i);
        shuffleInPlace(deck, rng);
        const outcome = dealRound(stackedSource(deck));
        result = baccaratResult(r, outcome.cards.map(cardToText));
        return (c) =>
          settleBaccarat(
            (c.bet as { type: (typeof BACCARAT_BET_TYPES)[number] }).type,
            c.stake,
            outcome,
            'commission',
          ).returned;
      }
      const pocket = randomInt(rng, 37);
      result = rouletteResult(r, pocket);
      return (c) => {
        const v = validateBet((c.bet as { spec: unknown }).spec);
        if (!v.ok) throw new Error(v.message);
        return settleRoulette(v.bet, c.stake, pocket).returned;
      };
    })();
    for (const c of cmds) {
      const ret = returnedOf(c);
      exp.balances.set(c.playerId, exp.balances.get(c.playerId)! - c.stake + ret);
      exp.bets++;
      exp.staked += c.stake;
      exp.returned += ret;
    }
    await h.send(closed(r), result!);
    await h.waitFor(isSettled(r), 1, 90_000);
    rounds++;
  }
  return rounds;
}

describe(`crash test: SIGKILL the ledger ${KILLS} times during a stream of bets and settlements`, () => {
  it('loses nothing, doubles nothing, and ledger:verify passes', async () => {
    const wallet = new WalletService(h.ds);
    const exp: Expected = { balances: new Map(), bets: 0, staked: 0n, returned: 0n };
    for (let p = 0; p < PLAYERS; p++) {
      await wallet.deposit({
        operatorId: OP,
        playerId: `p${p}`,
        currency: 'EUR',
        idempotencyKey: `seed-${p}`,
        amount: START,
      });
      exp.balances.set(`p${p}`, START);
    }
    await ledger.start();

    const rng = seededRandom(`crash-${KILLS}`);
    let kills = 0;
    // Four kills in five land while the ledger decides (0.4-1.8 s after it is ready, its group joined); the
    // fifth at a random moment of its boot (migrations, topics, the join). Killing only on a clock from the
    // spawn would mostly kill boots (~2 s on this machine) and test nothing else.
    const killer = (async () => {
      let ready: Promise<void> = Promise.resolve();
      while (kills < KILLS) {
        if (kills % 5 === 4) await sleep(randomInt(rng, 1_500));
        else {
          await ready;
          await sleep(400 + randomInt(rng, 1_400));
        }
        await ledger.kill('SIGKILL');
        kills++;
        await sleep(randomInt(rng, 300));
        ready = ledger.start(true).catch(() => undefined);
      }
    })();
    const tables = [
      driveTable('crash-bac-1', 'baccarat', seededRandom('t1'), exp, () => kills >= KILLS),
      driveTable('crash-bac-2', 'baccarat', seededRandom('t2'), exp, () => kills >= KILLS),
      driveTable('crash-rou-1', 'roulette', seededRandom('t3'), exp, () => kills >= KILLS),
      driveTable('crash-rou-2', 'roulette', seededRandom('t4'), exp, () => kills >= KILLS),
    ];
    const rounds = (await Promise.all(tables)).reduce((a, b) => a + b, 0);
    await killer;
    expect(kills).toBe(KILLS);
    expect(ledger.starts).toBe(KILLS + 1);

    // Let the relay drain the outbox.
    for (let i = 0; i < 200; i++) {
      const [{ n }] = await h.ds.query(`SELECT count(*)::int AS n FROM ledger_outbox`);
      if (n === 0) break;
      await sleep(100);
    }
    const [db] = await h.ds.query(
      `SELECT (SELECT count(*)::int FROM ledger_bets) AS bets,
              (SELECT count(*)::int FROM ledger_bet_outcomes) AS outcomes,
              (SELECT count(*)::int FROM ledger_rounds WHERE status = 'settled') AS settled,
              (SELECT coalesce(sum(stake), 0)::text FROM ledger_bets) AS staked,
              (SELECT coalesce(sum(returned), 0)::text FROM ledger_bet_outcomes) AS returned,
              (SELECT coalesce(sum(balance), 0)::text FROM wallet_accounts WHERE kind = 'house') AS house`,
    );
    expect(db.bets).toBe(exp.bets);
    expect(db.outcomes).toBe(exp.bets);
    expect(db.settled).toBe(rounds);
    expect(BigInt(db.staked)).toBe(exp.staked);
    expect(BigInt(db.returned)).toBe(exp.returned);
    expect(BigInt(db.house)).toBe(exp.staked - exp.returned);
    for (const [player, balance] of exp.balances)
      expect([player, await balanceOf(h, OP, player)]).toEqual([player, balance]);

    // Kafka may carry a republished copy, never a second decision or settlement (same event id at most).
    const settledIds = new Map<string, Set<string>>();
    for (const e of h.received) {
      if (e.type !== 'RoundSettled') continue;
      const key = `${e.tableId}/${e.roundId}`;
      settledIds.set(key, (settledIds.get(key) ?? new Set()).add(e.id));
    }
    expect(settledIds.size).toBe(rounds);
    expect([...settledIds.values()].every((ids) => ids.size === 1)).toBe(true);
    const decisionIds = new Map<string, Set<string>>();
    for (const e of h.received) {
      if (e.type !== 'BetAccepted' && e.type !== 'BetRejected') continue;
      decisionIds.set(e.commandId, (decisionIds.get(e.commandId) ?? new Set()).add(e.id));
    }
    expect(decisionIds.size).toBe(exp.bets);
    expect([...decisionIds.values()].every((ids) => ids.size === 1)).toBe(true);

    const verify = spawnSync(process.execPath, [path.join(APP, 'dist/cli/verify.js')], {
      env: { ...process.env, DATABASE_URL: h.db.url },
      encoding: 'utf8',
    });
    console.log(
      `crash test: ${kills} SIGKILLs, ${ledger.starts} starts, ${rounds} rounds, ${exp.bets} bets, ` +
        `staked ${exp.staked}, returned ${exp.returned}, ${h.received.length} events received`,
    );
    expect(verify.stdout).toContain('checks passed');
    expect(verify.status).toBe(0);
  });
});
