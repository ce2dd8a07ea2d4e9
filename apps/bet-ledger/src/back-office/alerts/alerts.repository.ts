import { Sql } from '@casino/wallet';
import { realOperatorSql } from '../../operators/fun-book';

/** The alarm window by the database's clock: the last `hours` UTC hours, the current one included, until now. */
export async function alarmWindow(sql: Sql, hours: number): Promise<{ from: Date; to: Date }> {
  const [w] = await sql.rows<{ from: Date; to: Date }>(
    `SELECT date_trunc('hour', now(), 'UTC') - make_interval(secs => $1 * 3600) AS "from", now() AS "to"`,
    [hours - 1],
  );
  return w;
}

/** Settled figures since `from` by table, bet kind and currency, with the table's settings (real money only). */
export function settledByBetKind(
  sql: Sql,
  from: Date,
  operator?: string,
): Promise<
  {
    table_id: string;
    game: string;
    bet_kind: string;
    currency: string;
    bets: string;
    staked: string;
    returned: string;
    stake_sq: string;
    settings: { payTable?: unknown } | null;
  }[]
> {
  return sql.rows(
    `SELECT h.table_id, h.game, h.bet_kind, h.currency, sum(h.bets) AS bets, sum(h.staked) AS staked,
            sum(h.returned) AS returned, sum(h.stake_sq) AS stake_sq, t.settings
       FROM ledger_report_hourly h LEFT JOIN ledger_tables t ON t.table_id = h.table_id
      WHERE h.hour >= $1 AND ${realOperatorSql('h.operator_id')} AND ($2::text IS NULL OR h.operator_id = $2)
      GROUP BY h.table_id, h.game, h.bet_kind, h.currency, t.settings
      ORDER BY h.table_id, h.bet_kind, h.currency`,
    [from, operator ?? null],
  );
}

/**
 * Shoes revealed since `from` that failed their audit. Reveals name no operator: for one operator, those of tables
 * where it had bets in the window.
 */
export function failedShoeAudits(
  sql: Sql,
  from: Date,
  operator?: string,
): Promise<
  {
    table_id: string;
    game: string;
    shoe_id: string;
    problem_code: string;
    problem: string | null;
    revealed_at: Date;
  }[]
> {
  return sql.rows(
    `SELECT s.table_id, s.game, s.shoe_id, s.problem_code, s.problem, s.revealed_at
       FROM ledger_shoe_reveals s
      WHERE s.problem_code IS NOT NULL AND s.revealed_at >= $1
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM ledger_report_hourly h
              WHERE h.table_id = s.table_id AND h.operator_id = $2 AND h.hour >= $1))
      ORDER BY s.revealed_at, s.table_id, s.shoe_id`,
    [from, operator ?? null],
  );
}

/** Commands refused before they were decided since `from` (at most 1,000; play money left out). */
export function commandRefusalsSince(
  sql: Sql,
  from: Date,
  operator?: string,
): Promise<
  {
    event_id: string;
    command_type: string;
    topic: string;
    table_id: string;
    round_id: string;
    operator_id: string;
    player_id: string;
    code: string;
    message: string;
    refused_at: Date;
  }[]
> {
  return sql.rows(
    `SELECT event_id, command_type, topic, table_id, round_id, operator_id, player_id, code, message, refused_at
       FROM ledger_command_refusals
      WHERE refused_at >= $1 AND (operator_id IS NULL OR ${realOperatorSql('operator_id')})
        AND ($2::text IS NULL OR operator_id = $2)
      ORDER BY refused_at, event_id LIMIT 1000`,
    [from, operator ?? null],
  );
}
