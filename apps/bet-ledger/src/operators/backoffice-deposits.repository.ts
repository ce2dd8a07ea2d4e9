import { Sql } from '@casino/wallet';

export interface BackOfficeDepositRequest {
  operatorId: string;
  idempotencyKey: string;
  playerId: string;
  currency: string;
  amount: bigint;
}

/**
 * Claims a back-office deposit key of an operator (ledger_backoffice_deposits): `new` (the row is inserted in the
 * caller's transaction), `seen` (the same request had it) or `reused` (another player, currency or amount had it).
 * A concurrent claim of the same key waits on the primary key until the first commits or rolls back.
 */
export async function claimBackOfficeDeposit(
  sql: Sql,
  r: BackOfficeDepositRequest,
): Promise<'new' | 'seen' | 'reused'> {
  const inserted = await sql.rows(
    `INSERT INTO ledger_backoffice_deposits (operator_id, idempotency_key, player_id, currency, amount)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
    [r.operatorId, r.idempotencyKey, r.playerId, r.currency, r.amount.toString()],
  );
  if (inserted.length > 0) return 'new';
  const [seen] = await sql.rows<{ player_id: string; currency: string; amount: string }>(
    `SELECT player_id, currency, amount::text AS amount FROM ledger_backoffice_deposits
      WHERE operator_id = $1 AND idempotency_key = $2`,
    [r.operatorId, r.idempotencyKey],
  );
  if (!seen) throw new Error(`back-office deposit key ${r.idempotencyKey} conflicted but is not there`);
  return seen.player_id === r.playerId && seen.currency === r.currency && seen.amount === r.amount.toString()
    ? 'seen'
    : 'reused';
}

/**
 * The journal entry's key of a back-office deposit: operator and key each encoded, so that no two (operator, key)
 * pairs share one (the older `deposit:<operator>:<key>` let `a:b` + `c` meet `a` + `b:c`).
 */
export const backOfficeDepositJournalKey = (operatorId: string, key: string) =>
  `backoffice-deposit/${encodeURIComponent(operatorId)}/${encodeURIComponent(key)}`;
