import { RoundOpenedEvent, TableConfig, tableConfigSchema } from '@casino/events';
import { Sql } from '@casino/wallet';
import { RoundStatus } from './round-view';
import { Statement } from '../database/write.batch';
import { roundKey, RoundView } from './round-view';

export type RawRound = {
  table_id: string;
  round_id: string;
  game: RoundView['game'];
  currency: string;
  status: RoundStatus;
  config: unknown;
  totals: Record<string, string>;
  seats: Record<string, string>;
  bet_count: number;
  total_staked: string;
};

/** JSON for jsonb columns: bigints as decimal strings, as on the wire. */
export const toJson = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/**
 * A round's settings never change after RoundOpened, so each is parsed once; its lock class (see
 * needsTableLock) comes with it.
 */
const settings = new Map<string, { config: TableConfig; exclusive: boolean }>();

function settingsOf(r: RawRound): { config: TableConfig; exclusive: boolean } {
  const key = roundKey(r.table_id, r.round_id);
  let known = settings.get(key);
  if (!known) {
    if (settings.size > 100_000) settings.clear();
    const config = tableConfigSchema.parse(r.config);
    settings.set(key, (known = { config, exclusive: needsTableLock(config) }));
  }
  return known;
}

function toView(r: RawRound): RoundView {
  return {
    tableId: r.table_id,
    roundId: r.round_id,
    game: r.game,
    currency: r.currency,
    status: r.status,
    config: settingsOf(r).config,
    totals: new Map(Object.entries(r.totals).map(([k, v]) => [k, BigInt(v)] as const)),
    seats: new Map(Object.entries(r.seats).map(([k, v]) => [Number(k), v] as const)),
    betCount: r.bet_count,
    totalStaked: BigInt(r.total_staked),
    changed: false,
    tableLocked: false,
  };
}

const COLUMNS = `table_id, round_id, game, currency, status, config, totals, seats, bet_count, total_staked`;

type Key = { tableId: string; roundId: string };

async function selectRounds(sql: Sql, keys: readonly Key[], lock: string): Promise<RawRound[]> {
  if (keys.length === 0) return [];
  return sql.rows<RawRound>(
    `SELECT ${COLUMNS} FROM ledger_rounds
     WHERE (table_id, round_id) IN (SELECT * FROM unnest($1::text[], $2::text[]))
     ORDER BY table_id, round_id ${lock}`,
    [keys.map((k) => k.tableId), keys.map((k) => k.roundId)],
  );
}

/**
 * Whether deciding a bet reads and writes table-wide state of the round (totals for a maximum difference or a
 * table maximum, blackjack seats). Such rounds are locked exclusively; the others only FOR SHARE, so bets of
 * many players on one round are decided in parallel while betting close still waits for all of them.
 */
export function needsTableLock(config: TableConfig): boolean {
  return (
    config.game === 'blackjack' ||
    Object.keys(config.tableMax).length > 0 ||
    (config.game === 'baccarat' && config.maxDifference !== undefined) ||
    // Another currency's table maxima or maximum difference (docs/ledger.md#currencies-per-table).
    Object.values(config.currencies ?? {}).some(
      (p) => Object.keys(p.tableMax).length > 0 || p.maxDifference !== undefined,
    )
  );
}

/** The rounds of a batch of bets by lock class; rounds that do not exist are in neither. */
export interface RoundLockClasses {
  exclusive: Key[];
  shared: Key[];
}

/** Sorts rounds into their lock classes, reading (without locking) the settings of rounds not seen before. */
export async function roundLockClasses(sql: Sql, keys: readonly Key[]): Promise<RoundLockClasses> {
  const unknown = keys.filter((k) => !settings.has(roundKey(k.tableId, k.roundId)));
  if (unknown.length > 0) for (const r of await selectRounds(sql, unknown, '')) settingsOf(r);
  const classOf = (k: Key) => settings.get(roundKey(k.tableId, k.roundId))?.exclusive;
  return {
    exclusive: keys.filter((k) => classOf(k) === true),
    shared: keys.filter((k) => classOf(k) === false),
  };
}

/** The $n parameters lockRoundsSql refers to, in its order. */
export const roundLockParams = (classes: RoundLockClasses) => [
  classes.exclusive.map((k) => k.tableId),
  classes.exclusive.map((k) => k.roundId),
  classes.shared.map((k) => k.tableId),
  classes.shared.map((k) => k.roundId),
];

const roundJson = `json_build_object('table_id', table_id, 'round_id', round_id, 'game', game, 'currency', currency,
  'status', status, 'config', config, 'totals', totals, 'seats', seats, 'bet_count', bet_count,
  'total_staked', total_staked::text)`;

/**
 * The lock step of a bet batch, for a larger statement: rows `('x' | 's', round as JSON)`, the exclusive class
 * locked FOR NO KEY UPDATE, then the shared class FOR SHARE, each by key. Every transaction locks rounds in this
 * order before any account. `first` is the number of the first of roundLockParams' four parameters.
 */
export function lockRoundsSql(first: number): string {
  const [xt, xr, st, sr] = [0, 1, 2, 3].map((i) => `$${first + i}`);
  const locked = (t: 'x' | 's', tables: string, rounds: string, lock: string) =>
    `SELECT '${t}' AS t, ${roundJson} AS r FROM (SELECT ${COLUMNS} FROM ledger_rounds
       WHERE (table_id, round_id) IN (SELECT * FROM unnest(${tables}::text[], ${rounds}::text[]))
       ORDER BY table_id, round_id ${lock}) ${t}`;
  return `${locked('x', xt, xr, 'FOR NO KEY UPDATE')}
     UNION ALL ${locked('s', st, sr, 'FOR SHARE')}`;
}

/** A round as lockRoundsSql returned it; `exclusive` when it was locked FOR NO KEY UPDATE. */
export function lockedRound(raw: RawRound, exclusive: boolean): RoundView {
  return { ...toView(raw), tableLocked: exclusive };
}

/** Locks one round exclusively (close, settle, void): it waits for every bet transaction holding it. */
export async function lockRound(sql: Sql, tableId: string, roundId: string): Promise<RoundView | undefined> {
  const [row] = await selectRounds(sql, [{ tableId, roundId }], 'FOR NO KEY UPDATE');
  return row ? { ...toView(row), tableLocked: true } : undefined;
}

/** Records a new round; a second RoundOpened for the same round changes nothing. */
export async function insertRound(sql: Sql, e: RoundOpenedEvent): Promise<boolean> {
  const rows = await sql.rows(
    `INSERT INTO ledger_rounds (table_id, round_id, game, currency, status, config, shoe_id, shoe_hash, opened_at)
     VALUES ($1, $2, $3, $4, 'open', $5::jsonb, $6, $7, $8)
     ON CONFLICT (table_id, round_id) DO NOTHING RETURNING 1`,
    [
      e.tableId,
      e.roundId,
      e.game,
      e.currency,
      toJson(e.table),
      e.shoe?.shoeId ?? null,
      e.shoe?.hash ?? null,
      e.occurredAt,
    ],
  );
  return rows.length > 0;
}

/**
 * Writes the running totals and seats of the exclusively locked rounds a batch of bets changed (shared-class
 * rounds get their counts when betting closes).
 */
export function roundTotalsStatement(rounds: readonly RoundView[]): Statement | undefined {
  const changed = rounds.filter((r) => r.changed && r.tableLocked);
  if (changed.length === 0) return undefined;
  return {
    text: `UPDATE ledger_rounds r SET totals = v.totals::jsonb, seats = v.seats::jsonb, bet_count = v.bet_count,
       total_staked = v.total_staked
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[], $6::bigint[])
       AS v(table_id, round_id, totals, seats, bet_count, total_staked)
     WHERE r.table_id = v.table_id AND r.round_id = v.round_id`,
    params: [
      changed.map((r) => r.tableId),
      changed.map((r) => r.roundId),
      changed.map((r) => toJson(Object.fromEntries(r.totals))),
      changed.map((r) => toJson(Object.fromEntries(r.seats))),
      changed.map((r) => r.betCount),
      changed.map((r) => r.totalStaked.toString()),
    ],
  };
}

/** Closes betting and records the round's final count and total staked. */
export async function recordBettingClosed(
  sql: Sql,
  tableId: string,
  roundId: string,
  at: string,
  betCount: number,
  totalStaked: bigint,
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_rounds SET status = 'closed', closed_at = $3, bet_count = $4, total_staked = $5
     WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId, at, betCount, totalStaked.toString()],
  );
}

export async function finishRound(
  sql: Sql,
  tableId: string,
  roundId: string,
  f: {
    status: 'settled' | 'voided' | 'disputed';
    result?: unknown;
    voidReason?: string;
    problem?: string;
    /** The round's bets, when a void finishes a round that never closed. */
    bets?: { count: number; staked: bigint };
  },
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_rounds SET status = $3, result = coalesce($4::jsonb, result), void_reason = $5, problem = $6,
       finished_at = CASE WHEN $3 = 'disputed' THEN NULL ELSE now() END,
       closed_at = coalesce(closed_at, now()),
       bet_count = coalesce($7, bet_count), total_staked = coalesce($8, total_staked)
     WHERE table_id = $1 AND round_id = $2`,
    [
      tableId,
      roundId,
      f.status,
      f.result === undefined ? null : toJson(f.result),
      f.voidReason ?? null,
      f.problem ?? null,
      f.bets?.count ?? null,
      f.bets?.staked.toString() ?? null,
    ],
  );
}
