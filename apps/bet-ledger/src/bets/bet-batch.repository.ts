import { BetCommand, BetSpec, betSpecSchema, CancelBetEvent, PersonalBetLimit } from '@casino/events';
import { validateBet as validateRouletteBet } from '@casino/roulette';
import {
  accountKey,
  AccountRow,
  betsInPlayAccount,
  lockAccountsByKeySql,
  RawAccount,
  Sql,
  toAccountRow,
} from '@casino/wallet';
import { Statement } from '../database/write.batch';
import {
  lockedRound,
  lockRoundsSql,
  RawRound,
  RoundLockClasses,
  roundLockClasses,
  roundLockParams,
} from '../rounds/round.repository';
import { roundKey, RoundView } from '../rounds/round-view';
import { TransactionContext } from '../transaction/transaction-context';
import { periodStarts } from '../responsible-gambling/gambling-periods';
import {
  BetBatch,
  gamblingKey,
  GamblingLimitsView,
  NewBetRow,
  PlacedBet,
  playerKey,
  playerRoundKey,
  walletKeyOf,
  WalletView,
} from './bet-batch';
import { loadCancelTargets } from './cancel-target.repository';

const uniqueBy = <T>(items: readonly T[], key: (t: T) => string) => [
  ...new Map(items.map((i) => [key(i), i])).values(),
];

/**
 * The lock/load step of a batch of bet commands, in the global lock order: rounds (by key), then accounts
 * (players, then the rest). One query locks the rounds, records the commands as processed (skipping
 * redeliveries) and loads and locks the accounts, existing bets and limits the batch touches; a second loads the
 * bets its cancels name. Returns the batch and its commands not processed before, in message order.
 */
export async function loadBetBatch(
  ctx: TransactionContext,
  received: readonly BetCommand[],
): Promise<{ batch: BetBatch; fresh: BetCommand[] }> {
  const { sql, profiler } = ctx;
  const roundKeys = uniqueBy(received, (c) => roundKey(c.tableId, c.roundId));
  const classes = await roundLockClasses(sql, roundKeys);
  const known = new Set([...classes.exclusive, ...classes.shared].map((k) => roundKey(k.tableId, k.roundId)));
  const isKnown = (c: BetCommand) => known.has(roundKey(c.tableId, c.roundId));
  const inPlaySpecs = uniqueBy(
    received.filter(isKnown).map((c) => betsInPlayAccount(c.operatorId, c.tableId, c.currency)),
    accountKey,
  );
  const at = new Date().toISOString();
  const inPlayIds = await profiler.time('bets.inPlay', () => ctx.accounts.resolve(sql, inPlaySpecs));
  const context = await profiler.time('bets.context', () =>
    lockBetContext(sql, {
      rounds: classes,
      commandIds: received.map((c) => c.id),
      accountKeys: [...received.map(walletKeyOf), ...inPlayIds.keys()],
      playerRounds: uniqueBy(received.filter(isKnown), (c) =>
        playerRoundKey(c.tableId, c.roundId, c.operatorId, c.playerId),
      ),
      players: uniqueBy(received, (c) => playerKey(c.operatorId, c.playerId)),
      playerCurrencies: uniqueBy(
        received.filter((c) => c.type === 'PlaceBet'),
        (c) => gamblingKey(c.operatorId, c.playerId, c.currency),
      ),
      at,
    }),
  );
  // Every account the debits and refunds touch is locked above, in order: posting need not lock them again.
  ctx.postings.accountsLockedInOrder();
  const fresh = received.filter((c) => context.fresh.has(c.id));
  const cancels = fresh.filter(
    (c): c is CancelBetEvent => c.type === 'CancelBet' && context.rounds.has(roundKey(c.tableId, c.roundId)),
  );
  const cancelTargets =
    cancels.length === 0
      ? []
      : await profiler.time('bets.cancelTargets', () =>
          loadCancelTargets(
            sql,
            cancels.flatMap((c) => ('betId' in c.target ? [c.target.betId] : [])),
            cancels.flatMap((c) => ('betCommandId' in c.target ? [c.target.betCommandId] : [])),
          ),
        );
  const wallets = new Map<string, WalletView>();
  for (const [key, row] of context.accounts) {
    if (row.kind === 'player') wallets.set(key, { accountId: row.id, balance: row.balance });
  }
  const batch = new BetBatch({
    rounds: context.rounds,
    wallets,
    playerBets: context.playerBets,
    personalLimits: context.personalLimits,
    gambling: context.gambling,
    at,
    inPlayIds,
    cancelTargets,
    hasCancels: cancels.length > 0,
  });
  batch.stats.duplicates = received.length - fresh.length;
  return { batch, fresh };
}

type RawBet = {
  bet_id: string;
  table_id: string;
  round_id: string;
  player_id: string;
  operator_id: string;
  account_id: string;
  stake: string;
  limit_key: string;
  spec: unknown;
};

type RawLimit = {
  operator_id: string;
  player_id: string;
  game: string;
  limit_key: string;
  min_stake: string;
  max_stake: string;
};

const numbersOf = (spec: BetSpec) => {
  if (spec.game !== 'roulette') return undefined;
  const v = validateRouletteBet(spec.spec);
  return v.ok ? v.numbers : undefined;
};

interface BetContextKeys {
  /** The batch's rounds, locked first (see lockRoundsSql). */
  rounds: RoundLockClasses;
  /** The batch's command ids: recorded as processed, and those recorded before are left out of `fresh`. */
  commandIds: readonly string[];
  /** Player wallets and the tables' bets-in-play accounts, all locked now (ACCOUNT_LOCK_ORDER). */
  accountKeys: readonly string[];
  playerRounds: readonly { tableId: string; roundId: string; operatorId: string; playerId: string }[];
  players: readonly { operatorId: string; playerId: string }[];
  /** The players and currencies of the batch's bets: their responsible-gambling limits and current totals. */
  playerCurrencies: readonly { operatorId: string; playerId: string; currency: string }[];
  /** The batch's time: limit raises in force by then, and the UTC day and week it falls in. */
  at: string;
}

interface BetContext {
  /** The rounds that exist, locked, by roundKey. */
  rounds: Map<string, RoundView>;
  /** Commands not processed before (a redelivery finds its id already recorded). */
  fresh: Set<string>;
  /** Locked FOR UPDATE (in ACCOUNT_LOCK_ORDER), by account key. */
  accounts: Map<string, AccountRow>;
  /** The accepted, not cancelled bets of each (round, player) pair: restrictions and blackjack's extra stakes. */
  playerBets: Map<string, PlacedBet[]>;
  personalLimits: Map<string, PersonalBetLimit[]>;
  gambling: Map<string, GamblingLimitsView>;
}

type RawGambling = {
  o: string;
  p: string;
  c: string;
  limits: Record<string, string | null> | null;
  totals: Record<string, { w: string; l: string }> | null;
  open: string | null;
};

type ContextRow =
  | { t: 'x'; r: RawRound }
  | { t: 's'; r: RawRound }
  | { t: 'f'; r: string }
  | { t: 'w'; r: RawAccount }
  | { t: 'b'; r: Omit<RawBet, 'account_id'> }
  | { t: 'l'; r: RawLimit }
  | { t: 'g'; r: RawGambling };

/**
 * What deciding a batch of bets needs, in one round trip and in the global lock order: the rounds (locked), which
 * commands are new (recording them as processed), the accounts (locked), the players' bets in those rounds and
 * their personal limits. The branches of the UNION ALL run in order. Bigints travel as strings inside the JSON.
 */
async function lockBetContext(sql: Sql, keys: BetContextKeys): Promise<BetContext> {
  const { commandIds, accountKeys, playerRounds, players, playerCurrencies } = keys;
  const periods = periodStarts(keys.at);
  const rows = await sql.rows<ContextRow>(
    `WITH fresh AS (
       INSERT INTO ledger_processed_events (event_id) SELECT unnest($7::text[])
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id)
     ${lockRoundsSql(8)}
     UNION ALL
     SELECT 'f', to_json(event_id) FROM fresh
     UNION ALL
     SELECT 'w', json_build_object('id', id::text, 'key', key, 'kind', kind, 'currency', currency,
         'balance', balance::text)
       FROM (${lockAccountsByKeySql('$1')}) a
     UNION ALL
     SELECT 'b', json_build_object('bet_id', bet_id, 'table_id', table_id, 'round_id', round_id,
         'operator_id', operator_id, 'player_id', player_id, 'stake', stake::text, 'limit_key', limit_key,
         'spec', spec)
       FROM ledger_bets
       WHERE (table_id, round_id, operator_id, player_id)
           IN (SELECT * FROM unnest($2::text[], $3::text[], $12::text[], $4::text[]))
         AND cancelled_at IS NULL
     UNION ALL
     SELECT 'l', json_build_object('operator_id', operator_id, 'player_id', player_id, 'game', game,
         'limit_key', limit_key, 'min_stake', min_stake::text, 'max_stake', max_stake::text)
       FROM ledger_player_limits
       WHERE (operator_id, player_id) IN (SELECT * FROM unnest($5::text[], $6::text[]))
     UNION ALL
     SELECT 'g', json_build_object('o', k.o, 'p', k.p, 'c', k.c,
         'limits', (SELECT json_object_agg(kind,
               (CASE WHEN pending AND pending_from <= $18::timestamptz THEN pending_amount ELSE amount END)::text)
             FROM ledger_gambling_limits gl
             WHERE gl.operator_id = k.o AND gl.player_id = k.p AND gl.currency = k.c),
         'totals', (SELECT json_object_agg(period, json_build_object('w', wagered::text, 'l', net_loss::text))
             FROM ledger_gambling_totals gt
             WHERE gt.operator_id = k.o AND gt.player_id = k.p AND gt.currency = k.c
               AND ((gt.period = 'day' AND gt.period_start = $16::timestamptz)
                 OR (gt.period = 'week' AND gt.period_start = $17::timestamptz))),
         'open', (SELECT open_stake::text FROM ledger_gambling_open go
             WHERE go.operator_id = k.o AND go.player_id = k.p AND go.currency = k.c))
       FROM unnest($13::text[], $14::text[], $15::text[]) AS k(o, p, c)`,
    [
      [...new Set(accountKeys)],
      playerRounds.map((k) => k.tableId),
      playerRounds.map((k) => k.roundId),
      playerRounds.map((k) => k.playerId),
      players.map((p) => p.operatorId),
      players.map((p) => p.playerId),
      commandIds,
      ...roundLockParams(keys.rounds),
      playerRounds.map((k) => k.operatorId),
      playerCurrencies.map((k) => k.operatorId),
      playerCurrencies.map((k) => k.playerId),
      playerCurrencies.map((k) => k.currency),
      periods.day,
      periods.week,
      keys.at,
    ],
  );
  const context: BetContext = {
    rounds: new Map(),
    fresh: new Set(),
    accounts: new Map(),
    playerBets: new Map(),
    personalLimits: new Map(),
    gambling: new Map(),
  };
  for (const row of rows) {
    if (row.t === 'x' || row.t === 's') {
      context.rounds.set(roundKey(row.r.table_id, row.r.round_id), lockedRound(row.r, row.t === 'x'));
    } else if (row.t === 'f') {
      context.fresh.add(row.r);
    } else if (row.t === 'w') {
      context.accounts.set(row.r.key, toAccountRow(row.r));
    } else if (row.t === 'b') {
      const r = row.r;
      const spec = betSpecSchema.parse(r.spec);
      const key = playerRoundKey(r.table_id, r.round_id, r.operator_id, r.player_id);
      const list = context.playerBets.get(key) ?? [];
      list.push({
        betId: r.bet_id,
        key: r.limit_key,
        stake: BigInt(r.stake),
        spec,
        numbers: numbersOf(spec),
      });
      context.playerBets.set(key, list);
    } else if (row.t === 'g') {
      if (row.r.limits || row.r.totals || row.r.open)
        context.gambling.set(gamblingKey(row.r.o, row.r.p, row.r.c), gamblingView(row.r));
    } else {
      const r = row.r;
      const key = playerKey(r.operator_id, r.player_id);
      const list = context.personalLimits.get(key) ?? [];
      list.push({ game: r.game, key: r.limit_key, min: BigInt(r.min_stake), max: BigInt(r.max_stake) });
      context.personalLimits.set(key, list);
    }
  }
  return context;
}

function gamblingView(r: RawGambling): GamblingLimitsView {
  const limit = (kind: string) => {
    const v = r.limits?.[kind];
    return v === null || v === undefined ? undefined : BigInt(v);
  };
  const period = (name: 'day' | 'week', prefix: 'daily' | 'weekly') => ({
    wagerLimit: limit(`${prefix}_wager`),
    lossLimit: limit(`${prefix}_loss`),
    wagered: BigInt(r.totals?.[name]?.w ?? 0),
    netLoss: BigInt(r.totals?.[name]?.l ?? 0),
  });
  return {
    maxStake: limit('max_stake'),
    open: BigInt(r.open ?? 0),
    day: period('day', 'daily'),
    week: period('week', 'weekly'),
  };
}

export function insertBetsStatement(bets: readonly NewBetRow[]): Statement | undefined {
  if (bets.length === 0) return undefined;
  const col = <T>(f: (b: NewBetRow) => T) => bets.map(f);
  return {
    text: `INSERT INTO ledger_bets (bet_id, command_id, table_id, round_id, game, player_id, operator_id, currency,
       account_id, stake, limit_key, spec, seat, hand, accepted_at)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::bigint[], $10::bigint[], $11::text[], $12::jsonb[], $13::smallint[], $14::smallint[],
       $15::timestamptz[])`,
    params: [
      col((b) => b.betId),
      col((b) => b.commandId),
      col((b) => b.tableId),
      col((b) => b.roundId),
      col((b) => b.game),
      col((b) => b.playerId),
      col((b) => b.operatorId),
      col((b) => b.currency),
      col((b) => b.accountId),
      col((b) => b.stake.toString()),
      col((b) => b.limitKey),
      col((b) => JSON.stringify(b.spec)),
      col((b) => (b.spec.game === 'blackjack' ? b.spec.seat : null)),
      col((b) => (b.spec.game === 'blackjack' ? b.spec.hand : null)),
      col((b) => b.acceptedAt),
    ],
  };
}
