import { Sql } from '@casino/wallet';

/** A new operator's row (ledger_operators); amounts in minor units. */
export interface NewOperatorRow {
  operatorId: string;
  name: string;
  currencies: string[];
  allowedOrigins: string[];
  maxDeposit: bigint;
  maxBalance: bigint | null;
  maxDailyDeposits: bigint;
}

/** Inserts the operator; false when its id is taken. */
export async function insertOperator(sql: Sql, o: NewOperatorRow): Promise<boolean> {
  const inserted = await sql.rows(
    `INSERT INTO ledger_operators
       (operator_id, name, currencies, allowed_origins, max_deposit, max_balance, max_daily_deposits)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING operator_id`,
    [
      o.operatorId,
      o.name,
      o.currencies,
      o.allowedOrigins,
      o.maxDeposit.toString(),
      o.maxBalance?.toString() ?? null,
      o.maxDailyDeposits.toString(),
    ],
  );
  return inserted.length > 0;
}

/** Whether the operator exists and may hold keys (a play-money book, fun:…, never does). */
export async function operatorTakesKeys(sql: Sql, operatorId: string): Promise<boolean> {
  const found = await sql.rows(`SELECT 1 FROM ledger_operators WHERE operator_id = $1 AND NOT fun`, [
    operatorId,
  ]);
  return found.length > 0;
}

/** Sets the operator's status under its row's lock; the status it had, or undefined for an unknown operator. */
export async function setOperatorStatus(
  sql: Sql,
  operatorId: string,
  status: 'active' | 'suspended',
): Promise<string | undefined> {
  const [row] = await sql.rows<{ was: string }>(
    `WITH o AS (SELECT status FROM ledger_operators WHERE operator_id = $1 FOR UPDATE),
          u AS (UPDATE ledger_operators SET status = $2 WHERE operator_id = $1 RETURNING 1)
     SELECT o.status AS was FROM o, u`,
    [operatorId, status],
  );
  return row?.was;
}

/** Changes the deposit caps given (null keeps one); the caps now, or undefined for an unknown operator. */
export async function updateOperatorCaps(
  sql: Sql,
  operatorId: string,
  caps: { maxDeposit: bigint | null; maxDailyDeposits: bigint | null },
): Promise<{ maxDeposit: bigint; maxDailyDeposits: bigint } | undefined> {
  const [row] = await sql.rows<{ max_deposit: string; max_daily_deposits: string }>(
    `UPDATE ledger_operators
        SET max_deposit = coalesce($2, max_deposit), max_daily_deposits = coalesce($3, max_daily_deposits)
      WHERE operator_id = $1 RETURNING max_deposit, max_daily_deposits`,
    [operatorId, caps.maxDeposit?.toString() ?? null, caps.maxDailyDeposits?.toString() ?? null],
  );
  return row && { maxDeposit: BigInt(row.max_deposit), maxDailyDeposits: BigInt(row.max_daily_deposits) };
}

/** An operator's settings the back office changes one at a time (a null wallet URL keeps the one stored). */
export type OperatorSetting =
  | { allowedOrigins: string[] }
  | { bonusFirst: boolean }
  | { walletMode: 'transfer' | 'seamless'; walletUrl: string | null };

/** Changes one setting; false for an unknown operator. */
export async function updateOperatorSetting(
  sql: Sql,
  operatorId: string,
  setting: OperatorSetting,
): Promise<boolean> {
  const [text, params] =
    'allowedOrigins' in setting
      ? ['allowed_origins = $2', [setting.allowedOrigins]]
      : 'bonusFirst' in setting
        ? ['bonus_first = $2', [setting.bonusFirst]]
        : [
            'wallet_mode = $2, wallet_url = coalesce($3, wallet_url)',
            [setting.walletMode, setting.walletUrl],
          ];
  const rows = await sql.rows(`UPDATE ledger_operators SET ${text} WHERE operator_id = $1 RETURNING 1`, [
    operatorId,
    ...params,
  ]);
  return rows.length > 0;
}

/** An operator as the back office lists it (never a play-money book). */
export interface OperatorListRow {
  operator_id: string;
  name: string;
  status: 'active' | 'suspended';
  wallet_mode: 'transfer' | 'seamless';
  wallet_url: string | null;
  wallet_protocol: number;
  currencies: string[];
  allowed_origins: string[];
  created_at: Date;
}

/** Every real operator in id order, or the one named. */
export function listOperators(sql: Sql, operatorId?: string): Promise<OperatorListRow[]> {
  return sql.rows<OperatorListRow>(
    `SELECT operator_id, name, status, wallet_mode, wallet_url, wallet_protocol, currencies, allowed_origins,
            created_at
       FROM ledger_operators WHERE NOT fun AND ($1::text IS NULL OR operator_id = $1) ORDER BY operator_id`,
    [operatorId ?? null],
  );
}
