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

/**
 * An operator's transaction as first answered (ledger_operator_transactions), under a lock on its id so that the
 * same id sent twice at once is decided once; undefined for a new id.
 */
export async function lockedOperatorTransaction<R>(
  sql: Sql,
  operatorId: string,
  transactionId: string,
): Promise<{ requestHash: string; response: R } | undefined> {
  await sql.rows(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7140560002))`, [
    JSON.stringify([operatorId, transactionId]),
  ]);
  const [seen] = await sql.rows<{ request_hash: string; response: R }>(
    `SELECT request_hash, response FROM ledger_operator_transactions WHERE operator_id = $1 AND transaction_id = $2`,
    [operatorId, transactionId],
  );
  return seen && { requestHash: seen.request_hash, response: seen.response };
}

/** Records the first answer to an operator's transaction (status 200 for a booked one, 0 for a refusal). */
export async function recordOperatorTransaction(
  sql: Sql,
  t: {
    operatorId: string;
    transactionId: string;
    kind: 'deposit' | 'withdrawal';
    playerId: string;
    currency: string;
    amount: string;
    requestHash: string;
    booked: boolean;
    response: unknown;
  },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_operator_transactions
       (operator_id, transaction_id, kind, player_id, currency, amount, request_hash, status, response)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      t.operatorId,
      t.transactionId,
      t.kind,
      t.playerId,
      t.currency,
      t.amount,
      t.requestHash,
      t.booked ? 200 : 0,
      JSON.stringify(t.response),
    ],
  );
}
