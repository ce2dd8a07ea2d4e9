import { Statement } from '../database/write.batch';

/** The limits an operator can set, as stored (ledger_gambling_limits.kind). */
export const GAMBLING_LIMIT_KINDS = [
  'daily_wager',
  'weekly_wager',
  'daily_loss',
  'weekly_loss',
  'max_stake',
] as const;
export type GamblingLimitKind = (typeof GAMBLING_LIMIT_KINDS)[number];

/** The current periods at `at`, in UTC: the day from 00:00, the week from Monday 00:00. */
export function periodStarts(at: Date | string): { day: string; week: string } {
  const t = new Date(at);
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const sinceMonday = (t.getUTCDay() + 6) % 7;
  return {
    day: new Date(day).toISOString(),
    week: new Date(day - sinceMonday * 86_400_000).toISOString(),
  };
}

export interface GamblingTotalDelta {
  operatorId: string;
  playerId: string;
  currency: string;
  wagered: bigint;
  netLoss: bigint;
}

/**
 * Adds to the running totals of the current day and week (one row each per player and currency), in key order
 * so concurrent transactions lock the rows alike. The deltas must name each player-currency once.
 */
export function gamblingTotalsStatement(
  deltas: readonly GamblingTotalDelta[],
  at: Date | string,
): Statement | undefined {
  const rows = deltas.filter((d) => d.wagered !== 0n || d.netLoss !== 0n);
  if (rows.length === 0) return undefined;
  const { day, week } = periodStarts(at);
  const col = <T>(f: (d: GamblingTotalDelta) => T) => rows.map(f);
  return {
    text: `INSERT INTO ledger_gambling_totals AS t
         (operator_id, player_id, currency, period, period_start, wagered, net_loss)
       SELECT d.o, d.p, d.c, per.period, per.start, d.w, d.l
         FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::bigint[]) AS d(o, p, c, w, l)
         CROSS JOIN (VALUES ('day', $6::timestamptz), ('week', $7::timestamptz)) AS per(period, start)
         ORDER BY 1, 2, 3, 4
       ON CONFLICT (operator_id, player_id, currency, period, period_start)
         DO UPDATE SET wagered = t.wagered + EXCLUDED.wagered, net_loss = t.net_loss + EXCLUDED.net_loss`,
    params: [
      col((d) => d.operatorId),
      col((d) => d.playerId),
      col((d) => d.currency),
      col((d) => d.wagered.toString()),
      col((d) => d.netLoss.toString()),
      day,
      week,
    ],
  };
}

/** Changes of the players' open stakes (accepted, not yet settled, refunded or cancelled), in key order. */
export function gamblingOpenStatement(
  deltas: readonly { operatorId: string; playerId: string; currency: string; amount: bigint }[],
): Statement | undefined {
  const rows = deltas.filter((d) => d.amount !== 0n);
  if (rows.length === 0) return undefined;
  return {
    text: `INSERT INTO ledger_gambling_open AS g (operator_id, player_id, currency, open_stake)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) ORDER BY 1, 2, 3
       ON CONFLICT (operator_id, player_id, currency) DO UPDATE SET open_stake = g.open_stake + EXCLUDED.open_stake`,
    params: [
      rows.map((d) => d.operatorId),
      rows.map((d) => d.playerId),
      rows.map((d) => d.currency),
      rows.map((d) => d.amount.toString()),
    ],
  };
}
