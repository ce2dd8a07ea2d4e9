import { Sql } from '@casino/wallet';

/** An active key with its operator, as a signed request's check needs them. */
export interface OperatorKeyRow {
  key_id: string;
  secret_sealed: string;
  operator_id: string;
  name: string;
  status: 'active' | 'suspended';
  currencies: string[];
  max_deposit: string | null;
  max_balance: string | null;
  max_daily_deposits: string | null;
  wallet_mode: 'transfer' | 'seamless';
  allowed_origins: string[];
  fun: boolean;
}

/** The key `keyId` if it is not revoked, with its operator. */
export async function activeKeyOf(sql: Sql, keyId: string): Promise<OperatorKeyRow | undefined> {
  const [row] = await sql.rows<OperatorKeyRow>(
    `SELECT k.key_id, k.secret_sealed, o.operator_id, o.name, o.status, o.currencies, o.max_deposit,
            o.max_balance, o.max_daily_deposits, o.wallet_mode, o.allowed_origins, o.fun
       FROM ledger_operator_keys k JOIN ledger_operators o USING (operator_id)
      WHERE k.key_id = $1 AND k.revoked_at IS NULL`,
    [keyId],
  );
  return row;
}

/** Records a signed request's id; false when the operator sent it already (a replay). */
export async function recordOperatorRequest(
  sql: Sql,
  operatorId: string,
  requestId: string,
): Promise<boolean> {
  const fresh = await sql.rows(
    `INSERT INTO ledger_operator_requests (operator_id, request_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING 1`,
    [operatorId, requestId],
  );
  return fresh.length > 0;
}

/** Forgets request ids older than `minutes`. */
export async function pruneOperatorRequests(sql: Sql, minutes: number): Promise<void> {
  await sql.rows(
    `DELETE FROM ledger_operator_requests WHERE received_at < now() - make_interval(mins => $1)`,
    [minutes],
  );
}

export async function insertOperatorKey(
  sql: Sql,
  key: { keyId: string; operatorId: string; secretSealed: string },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_operator_keys (key_id, operator_id, secret_sealed) VALUES ($1, $2, $3)`,
    [key.keyId, key.operatorId, key.secretSealed],
  );
}

/** Revokes a key (its first revocation time kept); the key's operator, or undefined for an unknown key. */
export async function revokeOperatorKey(sql: Sql, keyId: string): Promise<string | undefined> {
  const [row] = await sql.rows<{ operator_id: string }>(
    `UPDATE ledger_operator_keys SET revoked_at = coalesce(revoked_at, now()) WHERE key_id = $1 RETURNING operator_id`,
    [keyId],
  );
  return row?.operator_id;
}

/** A key's ids and dates (never its secret). */
export interface OperatorKeyListRow {
  key_id: string;
  operator_id: string;
  created_at: Date;
  revoked_at: Date | null;
}

/** Every key (of one operator, or of all), oldest first. */
export function listOperatorKeys(sql: Sql, operatorId?: string): Promise<OperatorKeyListRow[]> {
  return sql.rows<OperatorKeyListRow>(
    `SELECT key_id, operator_id, created_at, revoked_at FROM ledger_operator_keys
      WHERE ($1::text IS NULL OR operator_id = $1) ORDER BY created_at, key_id`,
    [operatorId ?? null],
  );
}

/** Whether `keyId` is one of the operator's keys. */
export async function keyBelongsTo(sql: Sql, keyId: string, operatorId: string): Promise<boolean> {
  const owned = await sql.rows(`SELECT 1 FROM ledger_operator_keys WHERE key_id = $1 AND operator_id = $2`, [
    keyId,
    operatorId,
  ]);
  return owned.length > 0;
}
