import { Sql } from '@casino/wallet';

/** One operator's bonus movements of one UTC day in one currency (minor units as strings). */
export interface BonusDayRow {
  operatorId: string;
  day: string;
  currency: string;
  granted: string;
  grants: number;
  converted: string;
  forfeited: string;
  expired: string;
}

/** What an operator's players hold in active bonuses now: its bonus liability per currency. */
export interface BonusLiabilityRow {
  operatorId: string;
  currency: string;
  activeBonuses: number;
  balance: string;
  wagered: string;
  requirement: string;
}

/**
 * Bonus grants, conversions, forfeits and expiries by operator and UTC day (the audit: what each action booked,
 * a leftover counted as what its bonus became), from `from` to `to` (dates, `to` exclusive). Free-bet winnings paid
 * as bonus money count as granted (audited `grant` by `system`), not as grants: a free-bet grant's bonus is one
 * grant, of 0, when the operator makes it.
 */
export async function bonusDays(
  sql: Sql,
  q: { operator?: string; from: string; to: string },
): Promise<BonusDayRow[]> {
  const rows = await sql.rows<{
    operator_id: string;
    day: string;
    currency: string;
    granted: string;
    grants: number;
    converted: string;
    forfeited: string;
    expired: string;
  }>(
    `SELECT b.operator_id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, b.currency,
       coalesce(sum(a.amount) FILTER (WHERE a.action = 'grant'), 0)::text AS granted,
       (count(*) FILTER (WHERE a.action = 'grant' AND a.actor <> 'system'))::int AS grants,
       coalesce(sum(a.amount) FILTER (WHERE a.action = 'convert'
         OR (a.action = 'leftover' AND b.status = 'converted')), 0)::text AS converted,
       coalesce(sum(a.amount) FILTER (WHERE a.action = 'forfeit'
         OR (a.action = 'leftover' AND b.status = 'forfeited')), 0)::text AS forfeited,
       coalesce(sum(a.amount) FILTER (WHERE a.action = 'expire'
         OR (a.action = 'leftover' AND b.status = 'expired')), 0)::text AS expired
     FROM ledger_bonus_audit a JOIN ledger_bonuses b USING (bonus_id)
     WHERE a.at >= $1::date AND a.at < $2::date AND ($3::text IS NULL OR b.operator_id = $3)
     GROUP BY b.operator_id, day, b.currency ORDER BY day, b.operator_id, b.currency`,
    [q.from, q.to, q.operator ?? null],
  );
  return rows.map((r) => ({
    operatorId: r.operator_id,
    day: r.day,
    currency: r.currency,
    granted: r.granted,
    grants: r.grants,
    converted: r.converted,
    forfeited: r.forfeited,
    expired: r.expired,
  }));
}

export async function bonusLiabilities(sql: Sql, operator?: string): Promise<BonusLiabilityRow[]> {
  const rows = await sql.rows<{
    operator_id: string;
    currency: string;
    active: number;
    balance: string;
    wagered: string;
    requirement: string;
  }>(
    `SELECT b.operator_id, b.currency, count(*)::int AS active, sum(a.balance)::text AS balance,
       sum(b.wagered)::text AS wagered, sum(b.requirement)::text AS requirement
     FROM ledger_bonuses b JOIN wallet_accounts a ON a.id = b.account_id
     WHERE b.status = 'active' AND ($1::text IS NULL OR b.operator_id = $1)
     GROUP BY b.operator_id, b.currency ORDER BY b.operator_id, b.currency`,
    [operator ?? null],
  );
  return rows.map((r) => ({
    operatorId: r.operator_id,
    currency: r.currency,
    activeBonuses: r.active,
    balance: r.balance,
    wagered: r.wagered,
    requirement: r.requirement,
  }));
}
