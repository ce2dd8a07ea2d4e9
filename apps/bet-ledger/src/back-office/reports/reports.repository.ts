import { Sql } from '@casino/wallet';
import { realOperatorSql } from '../../operators/fun-book';
import { PlayersQuery, ReportFilters, RoundsQuery, RtpQuery, SummaryQuery, WINDOW_SQL } from './report-query';

/** A group's sums as the rollups keep them (minor units as text). */
export type SumRow = { currency: string; bets: string; staked: string; returned: string };

/** $1..$7: the window and the filters (report-query WINDOW_SQL). */
function filterParams(f: ReportFilters): unknown[] {
  return [
    f.from ?? null,
    f.to ?? null,
    f.tz,
    f.operator ?? null,
    f.game ?? null,
    f.table ?? null,
    f.currency ?? null,
  ];
}

// Play money (operators/fun-book.ts) is never in a report.
const HOURLY_WHERE = `hour >= ${WINDOW_SQL.from} AND hour < ${WINDOW_SQL.to} AND ${realOperatorSql('operator_id')}
  AND ($4::text IS NULL OR operator_id = $4) AND ($5::text IS NULL OR game = $5)
  AND ($6::text IS NULL OR table_id = $6) AND ($7::text IS NULL OR currency = $7)`;

/** The player rollup is daily: whole UTC days of the window, and no table filter. */
const PLAYER_DAILY_WHERE = `day >= (${WINDOW_SQL.from} AT TIME ZONE 'UTC')::date
  AND day < (${WINDOW_SQL.to} AT TIME ZONE 'UTC')::date
  AND ${realOperatorSql('operator_id')} AND ($4::text IS NULL OR operator_id = $4) AND ($5::text IS NULL OR game = $5)
  AND $6::text IS NULL AND ($7::text IS NULL OR currency = $7)`;

const PERIOD = {
  day: `to_char(date_trunc('day', hour, $3) AT TIME ZONE $3, 'YYYY-MM-DD')`,
  hour: `to_char(hour AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:00')`,
  none: `NULL::text`,
} as const;
const GROUP = { none: `NULL::text`, game: 'game', table: 'table_id', operator: 'operator_id' } as const;

/** The filters' window by the database's clock. */
export async function reportWindow(sql: Sql, f: ReportFilters): Promise<{ from: Date; to: Date }> {
  const [w] = await sql.rows<{ from: Date; to: Date }>(
    `SELECT ${WINDOW_SQL.from} AS "from", ${WINDOW_SQL.to} AS "to"`,
    [f.from ?? null, f.to ?? null, f.tz],
  );
  return w;
}

/** The window's sums per currency, from the hourly rollup. */
export function hourlyTotals(sql: Sql, f: ReportFilters): Promise<SumRow[]> {
  return sql.rows<SumRow>(
    `SELECT currency, sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
       FROM ledger_report_hourly WHERE ${HOURLY_WHERE} GROUP BY currency ORDER BY currency`,
    filterParams(f),
  );
}

type GroupedRow = SumRow & { period: string | null; grp: string | null };

/** One page (and one row more) of sums by period (in tz) and by game, table or operator. */
export function hourlySummary(sql: Sql, q: SummaryQuery & { by: keyof typeof GROUP }): Promise<GroupedRow[]> {
  return sql.rows<GroupedRow>(
    `SELECT ${PERIOD[q.groupBy]} AS period, ${GROUP[q.by]} AS grp, currency,
            sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
       FROM ledger_report_hourly WHERE ${HOURLY_WHERE}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LIMIT $8 OFFSET $9`,
    [...filterParams(q), q.limit + 1, q.offset],
  );
}

/** One page (and one row more) of sums by player (`operator/player`), and the window's totals per currency. */
export async function playerSummary(
  sql: Sql,
  q: SummaryQuery,
): Promise<{ rows: GroupedRow[]; totals: SumRow[] }> {
  const period = q.groupBy === 'day' ? `to_char(day, 'YYYY-MM-DD')` : 'NULL::text';
  const params = filterParams({ ...q, table: undefined });
  const rows = await sql.rows<GroupedRow>(
    `SELECT ${period} AS period, operator_id || '/' || player_id AS grp, currency,
            sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
       FROM ledger_report_player_daily WHERE ${PLAYER_DAILY_WHERE}
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LIMIT $8 OFFSET $9`,
    [...params, q.limit + 1, q.offset],
  );
  const totals = await sql.rows<SumRow>(
    `SELECT currency, sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
       FROM ledger_report_player_daily WHERE ${PLAYER_DAILY_WHERE} GROUP BY currency ORDER BY currency`,
    params,
  );
  return { rows, totals };
}

/** Sums by game, table, bet kind and currency with the table's settings (for each bet kind's exact return). */
export function rtpSums(
  sql: Sql,
  q: RtpQuery,
): Promise<
  (SumRow & {
    game: string;
    table_id: string;
    bet_kind: string;
    stake_sq: string;
    settings: { payTable?: unknown } | null;
  })[]
> {
  return sql.rows(
    `SELECT h.game, h.table_id, h.bet_kind, h.currency, sum(h.bets) AS bets, sum(h.staked) AS staked,
            sum(h.returned) AS returned, sum(h.stake_sq) AS stake_sq, t.settings
       FROM ledger_report_hourly h LEFT JOIN ledger_tables t ON t.table_id = h.table_id
      WHERE ${HOURLY_WHERE.replace(/\b(hour|operator_id|game|table_id|currency) /g, 'h.$1 ')}
      GROUP BY h.game, h.table_id, h.bet_kind, h.currency, t.settings`,
    filterParams(q),
  );
}

/** One page (and one row more) of players by GGR, turnover or bets over whole UTC days. */
export function playerRanking(
  sql: Sql,
  q: PlayersQuery,
): Promise<(SumRow & { operator_id: string; player_id: string })[]> {
  const order = { ggr: 'ggr DESC', turnover: 'staked DESC', bets: 'bets DESC' }[q.sort];
  return sql.rows(
    `SELECT operator_id, player_id, currency, sum(bets) AS bets, sum(staked) AS staked,
            sum(returned) AS returned, sum(staked) - sum(returned) AS ggr
       FROM ledger_report_player_daily WHERE ${PLAYER_DAILY_WHERE}
      GROUP BY operator_id, player_id, currency
      ORDER BY ${order}, operator_id, player_id, currency LIMIT $8 OFFSET $9`,
    [...filterParams({ ...q, table: undefined }), q.limit + 1, q.offset],
  );
}

/** One page (and one row more) of voided and disputed rounds opened in the window (an operator's: with its bets). */
export function voidedAndDisputedRounds(
  sql: Sql,
  q: RoundsQuery,
): Promise<
  {
    table_id: string;
    round_id: string;
    game: string;
    currency: string;
    status: string;
    void_reason: string | null;
    problem: string | null;
    bet_count: number;
    total_staked: string;
    opened_at: Date;
    finished_at: Date | null;
  }[]
> {
  return sql.rows(
    `SELECT r.table_id, r.round_id, r.game, r.currency, r.status, r.void_reason, r.problem, r.bet_count,
            r.total_staked, r.opened_at, r.finished_at
       FROM ledger_rounds r
      WHERE r.status IN ('voided', 'disputed') AND ($10::text IS NULL OR r.status = $10)
        AND r.opened_at >= ${WINDOW_SQL.from} AND r.opened_at < ${WINDOW_SQL.to}
        AND ($5::text IS NULL OR r.game = $5) AND ($6::text IS NULL OR r.table_id = $6)
        AND ($7::text IS NULL OR r.currency = $7)
        AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM ledger_bets b
              WHERE b.table_id = r.table_id AND b.round_id = r.round_id AND b.operator_id = $4))
      ORDER BY r.opened_at, r.table_id, r.round_id LIMIT $8 OFFSET $9`,
    [...filterParams(q), q.limit + 1, q.offset, q.status ?? null],
  );
}
