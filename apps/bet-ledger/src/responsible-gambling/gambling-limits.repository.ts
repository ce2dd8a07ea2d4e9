import { Sql } from '@casino/wallet';
import { COOLING_OFF_KIND, GamblingLimitKind } from './gambling-periods';

/** A player's limit of one kind in one currency, as ledger_gambling_limits keeps it (minor units as text). */
export interface GamblingLimitRow {
  kind: GamblingLimitKind;
  amount: string | null;
  pending: boolean;
  pending_amount: string | null;
  pending_from: Date | null;
}

/** A player's limits in one currency; `forUpdate` locks them for a change. */
export function gamblingLimitRows(
  sql: Sql,
  player: { operatorId: string; playerId: string; currency: string },
  forUpdate = false,
): Promise<GamblingLimitRow[]> {
  return sql.rows<GamblingLimitRow>(
    `SELECT kind, amount::text, pending, pending_amount::text, pending_from FROM ledger_gambling_limits
      WHERE operator_id = $1 AND player_id = $2 AND currency = $3${forUpdate ? ' ORDER BY kind FOR UPDATE' : ''}`,
    [player.operatorId, player.playerId, player.currency],
  );
}

/** Stores one limit: the amount in force, and a raise (or removal) waiting until `pendingFrom`. */
export async function putGamblingLimit(
  sql: Sql,
  player: { operatorId: string; playerId: string; currency: string },
  limit: {
    kind: GamblingLimitKind;
    amount: bigint | null;
    pendingAmount: bigint | null;
    pendingFrom: Date | null;
    at: Date;
  },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_gambling_limits AS l
       (operator_id, player_id, currency, kind, amount, pending, pending_amount, pending_from, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (operator_id, player_id, currency, kind) DO UPDATE SET amount = $5, pending = $6,
       pending_amount = $7, pending_from = $8, updated_at = $9`,
    [
      player.operatorId,
      player.playerId,
      player.currency,
      limit.kind,
      limit.amount?.toString() ?? null,
      limit.pendingFrom !== null,
      limit.pendingAmount?.toString() ?? null,
      limit.pendingFrom?.toISOString() ?? null,
      limit.at.toISOString(),
    ],
  );
}

/** The player's wagered and net loss in the current day and week (minor units as text), by period. */
export function gamblingTotals(
  sql: Sql,
  player: { operatorId: string; playerId: string; currency: string },
  periods: { day: string; week: string },
): Promise<{ period: 'day' | 'week'; wagered: string; net_loss: string }[]> {
  return sql.rows(
    `SELECT period, wagered::text, net_loss::text FROM ledger_gambling_totals
      WHERE operator_id = $1 AND player_id = $2 AND currency = $3
        AND ((period = 'day' AND period_start = $4) OR (period = 'week' AND period_start = $5))`,
    [player.operatorId, player.playerId, player.currency, periods.day, periods.week],
  );
}

/**
 * A break until `untilMs` in every currency of each of `books` (the end only moves later: a shorter break asked for
 * never shortens one running).
 */
export async function extendCoolingOff(
  sql: Sql,
  books: readonly string[],
  playerId: string,
  untilMs: number,
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_gambling_limits AS l (operator_id, player_id, currency, kind, amount, updated_at)
     SELECT o.operator_id, $2, c, $3, $4, now() FROM ledger_operators o, unnest(o.currencies) AS c
      WHERE o.operator_id = ANY($1)
     ORDER BY o.operator_id, c
     ON CONFLICT (operator_id, player_id, currency, kind)
       DO UPDATE SET amount = greatest(l.amount, EXCLUDED.amount), updated_at = now()`,
    [books, playerId, COOLING_OFF_KIND, untilMs.toString()],
  );
}

/** The end (epoch ms) of the player's latest break at the operator, or null for none ever taken. */
export async function coolingOffEnd(sql: Sql, operatorId: string, playerId: string): Promise<number | null> {
  const [row] = await sql.rows<{ until: string | null }>(
    `SELECT max(amount)::text AS until FROM ledger_gambling_limits
      WHERE operator_id = $1 AND player_id = $2 AND kind = $3`,
    [operatorId, playerId, COOLING_OFF_KIND],
  );
  return row?.until ? Number(row.until) : null;
}
