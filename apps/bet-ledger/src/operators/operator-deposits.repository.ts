import { Sql } from '@casino/wallet';

/**
 * What an operator's signed deposits in one currency added up to since the start of the current UTC day. Called
 * with the operator's funding account locked, so concurrent deposits of the operator are counted in turn.
 */
export async function depositedToday(sql: Sql, operatorId: string, currency: string): Promise<bigint> {
  const [row] = await sql.rows<{ total: string }>(
    `SELECT coalesce(sum(amount), 0)::text AS total FROM ledger_operator_transactions
      WHERE operator_id = $1 AND currency = $2 AND kind = 'deposit' AND status = 200
        AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    [operatorId, currency],
  );
  return BigInt(row.total);
}
