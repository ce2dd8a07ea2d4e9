import { Sql } from '@casino/wallet';
import { realOperatorSql } from '../../operators/fun-book';

/** Sets (or replaces) the given currencies' rates into `quote` of one day (rates as decimal strings). */
export async function putDayRates(
  sql: Sql,
  day: string,
  quote: string,
  rates: Readonly<Record<string, string>>,
  actor: string,
): Promise<void> {
  const currencies = Object.keys(rates).sort();
  await sql.rows(
    `INSERT INTO ledger_exchange_rates (quote, day, currency, rate, set_by)
     SELECT $1, $2::date, c, r::numeric, $5 FROM unnest($3::text[], $4::text[]) AS t(c, r)
     ON CONFLICT (quote, day, currency) DO UPDATE SET rate = EXCLUDED.rate, set_by = EXCLUDED.set_by,
       set_at = now()`,
    [quote, day, currencies, currencies.map((c) => rates[c]), actor],
  );
}

/** The rates into `quote` of the days from `from` to `to` (inclusive), by day and currency. */
export function dayRates(
  sql: Sql,
  quote: string,
  from: string,
  to: string,
): Promise<{ day: string; currency: string; rate: string }[]> {
  return sql.rows(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, trim(currency) AS currency, rate::text AS rate
       FROM ledger_exchange_rates WHERE quote = $1 AND day >= $2::date AND day <= $3::date
      ORDER BY day, currency`,
    [quote, from, to],
  );
}

/**
 * An operator's (or every real operator's) settled figures of the UTC days [from, to) by day and currency, from the
 * hourly rollup; play money (operators/fun-book.ts) is never in them.
 */
export function dailyFiguresByCurrency(
  sql: Sql,
  q: { operator?: string; from: string; to: string },
): Promise<{ day: string; currency: string; bets: string; staked: string; returned: string }[]> {
  return sql.rows(
    `SELECT to_char((hour AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, trim(currency) AS currency,
            sum(bets)::text AS bets, sum(staked)::text AS staked, sum(returned)::text AS returned
       FROM ledger_report_hourly
      WHERE hour >= ($1::date)::timestamp AT TIME ZONE 'UTC' AND hour < ($2::date)::timestamp AT TIME ZONE 'UTC'
        AND ${realOperatorSql('operator_id')} AND ($3::text IS NULL OR operator_id = $3)
      GROUP BY 1, 2 ORDER BY 1, 2`,
    [q.from, q.to, q.operator ?? null],
  );
}
