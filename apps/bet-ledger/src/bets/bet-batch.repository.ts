import { BetCommand, BetSpec, CancelBetEvent, PersonalBetLimit } from '@casino/events';
import { validateBet as validateRouletteBet } from '@casino/roulette';
import {
  accountKey,
  AccountRow,
  betsInPlayAccount,
  bonusAccount,
  fundingAccount,
  lockAccountsById,
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
import { COOLING_OFF_KIND, periodStarts } from '../responsible-gambling/gambling-periods';
import {
  BetBatch,
  CancellableBet,
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
import { activeBonusesOf, bonusPartsOf } from '../bonus/bonus.repository';
import { BonusView } from '../bonus/bonus-split';

/** A command's player's bonus account (locked with the wallets when it exists: docs/ledger.md#bonus-funds). */
const bonusKeyOf = (c: BetCommand) => accountKey(bonusAccount(c.operatorId, c.playerId, c.currency));

const uniqueBy = <T>(items: readonly T[], key: (t: T) => string) => [
  ...new Map(items.map((i) => [key(i), i])).values(),
];

/**
 * The lock/load step of a batch of bet commands, in the global lock order: rounds (by key), then accounts
 * (players, then the rest). A first statement locks the rounds, records the commands as processed (skipping
 * redeliveries) and locks the accounts; only then does a second read what the decisions depend on (the players'
 * bets in those rounds, their personal and responsible-gambling limits and usage), with a snapshot taken after
 * the locks were granted: it sees everything a transaction that held them before committed (see readBetContext).
 * A third loads the bets its cancels name. Returns the batch and its commands not processed before, in message
 * order. `seamlessStakes` (see SeamlessStakes): each new PlaceBet's stake counts as in its player's wallet.
 */
export async function loadBetBatch(
  ctx: TransactionContext,
  received: readonly BetCommand[],
  seamlessStakes?: SeamlessStakes,
): Promise<{ batch: BetBatch; fresh: BetCommand[] }> {
  const { sql, profiler } = ctx;
  const roundKeys = uniqueBy(received, (c) => roundKey(c.tableId, c.roundId));
  const classes = await roundLockClasses(sql, roundKeys);
  const known = new Set([...classes.exclusive, ...classes.shared].map((k) => roundKey(k.tableId, k.roundId)));
  const isKnown = (c: BetCommand) => known.has(roundKey(c.tableId, c.roundId));
  const inPlaySpecs = uniqueBy(
    received
      .filter(isKnown)
      .map((c) => betsInPlayAccount(c.operatorId, c.tableId, c.currency, ctx.inPlayShard)),
    accountKey,
  );
  const at = ctx.final.at;
  const inPlayIds = await profiler.time('bets.inPlay', () => ctx.accounts.resolve(sql, inPlaySpecs));
  const locked = await profiler.time('bets.lock', () =>
    lockBetBatch(sql, {
      rounds: classes,
      commandIds: received.map((c) => c.id),
      accountKeys: [
        ...received.map(walletKeyOf),
        ...received.map(bonusKeyOf),
        ...inPlayIds.keys(),
        ...floatKeys(received, seamlessStakes),
      ],
    }),
  );
  // Every account the debits and refunds touch is locked above, in order: posting need not lock them again.
  ctx.postings.accountsLockedInOrder();
  const fresh = received.filter((c) => locked.fresh.has(c.id));
  const decidable = fresh.filter((c) => locked.rounds.has(roundKey(c.tableId, c.roundId)));
  const context = await profiler.time('bets.context', () =>
    readBetContext(sql, {
      playerRounds: uniqueBy(decidable, (c) =>
        playerRoundKey(c.tableId, c.roundId, c.operatorId, c.playerId),
      ),
      players: uniqueBy(decidable, (c) => playerKey(c.operatorId, c.playerId)),
      playerCurrencies: uniqueBy(
        decidable.filter((c) => c.type === 'PlaceBet'),
        (c) => gamblingKey(c.operatorId, c.playerId, c.currency),
      ).map((c) => ({
        operatorId: c.operatorId,
        playerId: c.playerId,
        currency: c.currency,
        walletId: locked.accounts.get(walletKeyOf(c))?.id,
      })),
      at,
    }),
  );
  const cancels = decidable.filter((c): c is CancelBetEvent => c.type === 'CancelBet');
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
  await lockOtherShards(ctx, cancelTargets, inPlayIds);
  const wallets = new Map<string, WalletView>();
  for (const [key, row] of locked.accounts) {
    if (row.kind === 'player') wallets.set(key, { accountId: row.id, balance: row.balance });
  }
  const bonuses = await loadBonuses(ctx, fresh, locked.accounts, at);
  // A cancelled bet's bonus part goes back to its bonus account, active or not (an ended bonus's: swept later).
  if (cancelTargets.length > 0 && [...locked.accounts.values()].some((a) => a.kind === 'bonus')) {
    const parts = await bonusPartsOf(
      sql,
      cancelTargets.map((t) => t.betId),
    );
    for (const t of cancelTargets) {
      const part = parts.get(t.betId);
      const account = locked.accounts.get(accountKey(bonusAccount(t.operatorId, t.playerId, t.currency)));
      if (part && part.bonusStake > 0n && account)
        t.bonus = { accountId: account.id, stake: part.bonusStake };
    }
  }
  if (seamlessStakes)
    for (const c of fresh) {
      const wallet = wallets.get(walletKeyOf(c));
      if (wallet && c.type === 'PlaceBet') wallet.balance += c.stake;
    }
  const batch = new BetBatch({
    rounds: locked.rounds,
    wallets,
    playerBets: context.playerBets,
    personalLimits: context.personalLimits,
    vipLimits: context.vipLimits,
    gambling: context.gambling,
    at,
    inPlayIds,
    inPlayShard: ctx.inPlayShard,
    cancelTargets,
    hasCancels: cancels.length > 0,
    bonuses,
  });
  batch.stats.duplicates = received.length - fresh.length;
  return { batch, fresh };
}

/**
 * The bets-in-play accounts of cancelled bets staked into another shard than the batch's (by another instance,
 * before a partition moved), locked now: after the batch's other accounts, so out of the global order; a deadlock
 * this may meet is retried by the transaction runner, and it needs two cross-shard cancels racing each other.
 */
async function lockOtherShards(
  ctx: TransactionContext,
  targets: readonly CancellableBet[],
  locked: ReadonlyMap<string, string>,
): Promise<void> {
  if (targets.length === 0) return;
  const held = new Set(locked.values());
  const others = targets.map((t) => t.inPlayAccountId).filter((id) => !held.has(id));
  if (others.length > 0) await lockAccountsById(ctx.sql, others);
}

/**
 * The active bonuses of the batch's players whose bonus accounts exist (locked above, so read after the lock: a
 * settlement or expiry that changed one committed first), by wallet key. Nothing is read for a batch without them.
 */
async function loadBonuses(
  ctx: TransactionContext,
  commands: readonly BetCommand[],
  accounts: ReadonlyMap<string, AccountRow>,
  at: string,
): Promise<Map<string, BonusView>> {
  const out = new Map<string, BonusView>();
  const held = commands.flatMap((c) => {
    const account = accounts.get(bonusKeyOf(c));
    return account ? [{ c, account }] : [];
  });
  if (held.length === 0) return out;
  const active = await activeBonusesOf(
    ctx.sql,
    held.map((h) => h.account.id),
    at,
  );
  for (const { c, account } of held) {
    const a = active.get(account.id);
    if (a && !out.has(walletKeyOf(c)))
      out.set(walletKeyOf(c), {
        bonusId: a.bonusId,
        accountId: account.id,
        balance: account.balance,
        games: a.games,
        bonusFirst: a.bonusFirst,
      });
  }
  return out;
}

/**
 * How a seamless operator's bets are decided once their stakes are (or would be) at the platform: `assumed`, as
 * if funded (a dry run, rolled back); `funded`, their funding entries from the operators' floats posted by the
 * caller in this transaction, so the floats are locked with the batch's accounts, in order.
 */
export type SeamlessStakes = 'assumed' | 'funded';

function floatKeys(received: readonly BetCommand[], seamlessStakes: SeamlessStakes | undefined): string[] {
  if (seamlessStakes !== 'funded') return [];
  return received.flatMap((c) =>
    c.type === 'PlaceBet' ? [accountKey(fundingAccount(c.operatorId, c.currency))] : [],
  );
}

type RawBet = {
  bet_id: string;
  table_id: string;
  round_id: string;
  player_id: string;
  operator_id: string;
  currency: string;
  stake: string;
  limit_key: string;
  spec: BetSpec;
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

interface BetLockKeys {
  /** The batch's rounds, locked first (see lockRoundsSql). */
  rounds: RoundLockClasses;
  /** The batch's command ids: recorded as processed, and those recorded before are left out of `fresh`. */
  commandIds: readonly string[];
  /** Player wallets and the tables' bets-in-play accounts, all locked now (ACCOUNT_LOCK_ORDER). */
  accountKeys: readonly string[];
}

interface LockedBetBatch {
  /** The rounds that exist, locked, by roundKey. */
  rounds: Map<string, RoundView>;
  /** Commands not processed before (a redelivery finds its id already recorded). */
  fresh: Set<string>;
  /** Locked FOR UPDATE (in ACCOUNT_LOCK_ORDER), by account key. */
  accounts: Map<string, AccountRow>;
}

type LockRow =
  { t: 'x'; r: RawRound } | { t: 's'; r: RawRound } | { t: 'f'; r: string } | { t: 'w'; r: RawAccount };

/**
 * The locks of a batch, in one round trip and in the global lock order: its rounds, its command ids recorded as
 * processed, its accounts. The branches of the UNION ALL run in order. A locked row comes back as it is after
 * any transaction that held it committed; rows this statement only reads would come from its snapshot, taken
 * before it waited, which is why the rest of the context is read by the next statement.
 */
async function lockBetBatch(sql: Sql, keys: BetLockKeys): Promise<LockedBetBatch> {
  const rows = await sql.rows<LockRow>(
    `WITH fresh AS (
       INSERT INTO ledger_processed_events (event_id) SELECT unnest($2::text[])
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id)
     ${lockRoundsSql(3)}
     UNION ALL
     SELECT 'f', to_json(event_id) FROM fresh
     UNION ALL
     SELECT 'w', json_build_object('id', id::text, 'key', key, 'kind', kind, 'currency', currency,
         'balance', balance::text)
       FROM (${lockAccountsByKeySql('$1')}) a`,
    [[...new Set(keys.accountKeys)], keys.commandIds, ...roundLockParams(keys.rounds)],
  );
  const locked: LockedBetBatch = { rounds: new Map(), fresh: new Set(), accounts: new Map() };
  for (const row of rows) {
    if (row.t === 'x' || row.t === 's') {
      locked.rounds.set(roundKey(row.r.table_id, row.r.round_id), lockedRound(row.r, row.t === 'x'));
    } else if (row.t === 'f') {
      locked.fresh.add(row.r);
    } else {
      locked.accounts.set(row.r.key, toAccountRow(row.r));
    }
  }
  return locked;
}

interface BetContextKeys {
  playerRounds: readonly { tableId: string; roundId: string; operatorId: string; playerId: string }[];
  players: readonly { operatorId: string; playerId: string }[];
  /** The players and currencies of the batch's bets (and their wallets): responsible-gambling limits and usage. */
  playerCurrencies: readonly { operatorId: string; playerId: string; currency: string; walletId?: string }[];
  /** The batch's time: limit raises in force by then, and the UTC day and week it falls in. */
  at: string;
}

interface BetContext {
  /** The accepted, not cancelled bets of each (round, player) pair: restrictions and blackjack's extra stakes. */
  playerBets: Map<string, PlacedBet[]>;
  personalLimits: Map<string, PersonalBetLimit[]>;
  /** Operator-granted VIP maxima (docs/rules/restrictions.md#vip-limits), by playerKey. */
  vipLimits: Map<string, PersonalBetLimit[]>;
  /** Only players with responsible-gambling limits: without one, nothing is checked. */
  gambling: Map<string, GamblingLimitsView>;
}

type RawGambling = {
  /** 1-based position in BetContextKeys.playerCurrencies. */
  i: number;
  limits: Record<string, string | null>;
  /** Open stakes; day and week wager and net loss of the batch's periods (0 for an older period). */
  u: { open: string; dw: string; dl: string; ww: string; wl: string };
};

type ContextRow = { t: 'b'; r: RawBet } | { t: 'l' | 'v'; r: RawLimit } | { t: 'g'; r: RawGambling };

/**
 * What deciding a batch needs besides its locks, in one round trip: the players' bets in its rounds, their
 * personal limits and VIP grants, and for players with responsible-gambling limits those limits and their usage.
 * It must run after lockBetBatch, as a statement of its own: in READ COMMITTED each statement reads from a
 * snapshot taken when it starts, so this one sees every bet and usage change committed by a transaction that held
 * the batch's round or wallet locks before it (two ledger instances, a partition moving). Usage is changed
 * elsewhere only by settlements and refunds, which only lower the potential loss: reading it before one commits
 * is on the safe side.
 */
async function readBetContext(sql: Sql, keys: BetContextKeys): Promise<BetContext> {
  const context: BetContext = {
    playerBets: new Map(),
    personalLimits: new Map(),
    vipLimits: new Map(),
    gambling: new Map(),
  };
  const { playerRounds, players, playerCurrencies } = keys;
  if (playerRounds.length === 0) return context;
  const periods = periodStarts(keys.at);
  // A usage row of a later period than the batch's (a transaction timed after midnight committed first) counts
  // too: never less than nothing.
  const current = (start: string, column: string, period: string) =>
    `(CASE WHEN u.${start} >= ${period}::timestamptz THEN u.${column} ELSE 0 END)::text`;
  const rows = await sql.rows<ContextRow>(
    `SELECT 'b' AS t, json_build_object('bet_id', bet_id, 'table_id', table_id, 'round_id', round_id,
         'operator_id', operator_id, 'player_id', player_id, 'currency', trim(currency), 'stake', stake::text,
         'limit_key', limit_key, 'spec', spec) AS r
       FROM ledger_bets
       WHERE (table_id, round_id, operator_id, player_id)
           IN (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]))
         AND cancelled_at IS NULL
     UNION ALL
     SELECT 'l', json_build_object('operator_id', operator_id, 'player_id', player_id, 'game', game,
         'limit_key', limit_key, 'min_stake', min_stake::text, 'max_stake', max_stake::text)
       FROM ledger_player_limits
       WHERE (operator_id, player_id) IN (SELECT * FROM unnest($5::text[], $6::text[]))
     UNION ALL
     SELECT 'v', json_build_object('operator_id', operator_id, 'player_id', player_id, 'game', game,
         'limit_key', limit_key, 'min_stake', '0', 'max_stake', max_stake::text)
       FROM ledger_vip_limits
       WHERE (operator_id, player_id) IN (SELECT * FROM unnest($5::text[], $6::text[]))
     UNION ALL
     SELECT 'g', json_build_object('i', k.i, 'limits', l.limits,
         'u', json_build_object('open', coalesce(u.open_stake, 0)::text,
           'dw', ${current('day_start', 'day_wagered', '$10')}, 'dl', ${current('day_start', 'day_net_loss', '$10')},
           'ww', ${current('week_start', 'week_wagered', '$11')},
           'wl', ${current('week_start', 'week_net_loss', '$11')}))
       FROM unnest($7::text[], $8::text[], $9::text[], $13::bigint[]) WITH ORDINALITY AS k(o, p, c, a, i)
       JOIN LATERAL (SELECT json_object_agg(kind,
             (CASE WHEN pending AND pending_from <= $12::timestamptz THEN pending_amount ELSE amount END)::text)
             AS limits
           FROM ledger_gambling_limits gl
           WHERE gl.operator_id = k.o AND gl.player_id = k.p AND gl.currency = k.c) l ON l.limits IS NOT NULL
       LEFT JOIN ledger_gambling_usage u ON u.account_id = k.a`,
    [
      playerRounds.map((k) => k.tableId),
      playerRounds.map((k) => k.roundId),
      playerRounds.map((k) => k.operatorId),
      playerRounds.map((k) => k.playerId),
      players.map((p) => p.operatorId),
      players.map((p) => p.playerId),
      playerCurrencies.map((k) => k.operatorId),
      playerCurrencies.map((k) => k.playerId),
      playerCurrencies.map((k) => k.currency),
      periods.day,
      periods.week,
      keys.at,
      playerCurrencies.map((k) => k.walletId ?? null),
    ],
  );
  for (const row of rows) {
    if (row.t === 'b') {
      const r = row.r;
      // Written by this ledger from a validated command: not parsed again on every read.
      const spec = r.spec;
      const key = playerRoundKey(r.table_id, r.round_id, r.operator_id, r.player_id);
      const list = context.playerBets.get(key) ?? [];
      list.push({
        betId: r.bet_id,
        key: r.limit_key,
        currency: r.currency,
        stake: BigInt(r.stake),
        spec,
        numbers: numbersOf(spec),
      });
      context.playerBets.set(key, list);
    } else if (row.t === 'g') {
      const k = playerCurrencies[row.r.i - 1];
      context.gambling.set(gamblingKey(k.operatorId, k.playerId, k.currency), gamblingView(row.r, keys.at));
    } else {
      const r = row.r;
      const key = playerKey(r.operator_id, r.player_id);
      const limits = row.t === 'v' ? context.vipLimits : context.personalLimits;
      const list = limits.get(key) ?? [];
      list.push({ game: r.game, key: r.limit_key, min: BigInt(r.min_stake), max: BigInt(r.max_stake) });
      limits.set(key, list);
    }
  }
  return context;
}

/** `at`: the batch's time; a cooling-off (its end in Unix ms) counts only while it lasts. */
function gamblingView(r: RawGambling, at: string): GamblingLimitsView {
  const limit = (kind: string) => {
    const v = r.limits[kind];
    return v === null || v === undefined ? undefined : BigInt(v);
  };
  const coolingOff = limit(COOLING_OFF_KIND);
  return {
    maxStake: limit('max_stake'),
    coolingOffUntil: coolingOff !== undefined && coolingOff > BigInt(Date.parse(at)) ? coolingOff : undefined,
    open: BigInt(r.u.open),
    day: {
      wagerLimit: limit('daily_wager'),
      lossLimit: limit('daily_loss'),
      wagered: BigInt(r.u.dw),
      netLoss: BigInt(r.u.dl),
    },
    week: {
      wagerLimit: limit('weekly_wager'),
      lossLimit: limit('weekly_loss'),
      wagered: BigInt(r.u.ww),
      netLoss: BigInt(r.u.wl),
    },
  };
}

export function insertBetsStatement(bets: readonly NewBetRow[]): Statement | undefined {
  if (bets.length === 0) return undefined;
  const col = <T>(f: (b: NewBetRow) => T) => bets.map(f);
  return {
    text: `INSERT INTO ledger_bets (bet_id, command_id, table_id, round_id, game, player_id, operator_id, currency,
       account_id, stake, limit_key, spec, seat, hand, accepted_at, in_play_account_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
       $8::text[], $9::bigint[], $10::bigint[], $11::text[], $12::jsonb[], $13::smallint[], $14::smallint[],
       $15::timestamptz[], $16::bigint[])`,
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
      col((b) => b.inPlayAccountId),
    ],
  };
}
