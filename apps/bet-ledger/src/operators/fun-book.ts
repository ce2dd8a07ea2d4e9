import { buildEvent, funOperatorId } from '@casino/events';
import {
  accountKey,
  ensureAccounts,
  fundingAccount,
  lockAccounts,
  playerAccount,
  Sql,
  WalletService,
} from '@casino/wallet';
import { OutboxBatch } from '../outbox/outbox.writer';
import { OperatorAccount } from './operator-account';

export { funOperatorId, isFunOperatorId } from '@casino/events';

/**
 * The play money a fun session starts with, in minor units per currency (docs/operator-integration.md#fun-mode):
 * a fun launch tops the player's play-money wallet up to this. Another currency gets 1,000 of its major unit.
 */
export const FUN_BALANCES: Readonly<Record<string, bigint>> = {
  EUR: 100_000n,
  USD: 100_000n,
  GBP: 100_000n,
  PLN: 500_000n,
  TRY: 5_000_000n,
  BDT: 10_000_000n,
  JPY: 100_000n,
};

export function funBalance(currency: string): bigint {
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits;
  return FUN_BALANCES[currency] ?? 1_000n * 10n ** BigInt(digits ?? 2);
}

/**
 * SQL that keeps an `operator_id` column to real operators' books: a report, an alert or the operators' list never
 * counts play money. Exact: a `fun:` id is a play-money book and nothing else (migration 1765720000000-fun-mode).
 */
export const realOperatorSql = (column: string): string => `${column} NOT LIKE 'fun:%'`;

/**
 * The operator's play-money book: created on its first fun launch, then kept on the operator's currencies and
 * allowed origins (fun tokens carry the same origins). Always a transfer wallet with no keys, so the operator's own
 * wallet is never called for it and no signed request can act for it (AuthenticateOperatorUseCase refuses it).
 * Written only when missing or out of date, so fun launches do not queue on the row.
 */
export async function openFunBook(sql: Sql, operator: OperatorAccount): Promise<string> {
  const id = funOperatorId(operator.operatorId);
  const [row] = await sql.rows<{ same: boolean }>(
    `SELECT currencies = $2::text[] AND allowed_origins = $3::text[] AS same FROM ledger_operators
      WHERE operator_id = $1`,
    [id, operator.currencies, operator.allowedOrigins],
  );
  if (row?.same) return id;
  await sql.rows(
    `INSERT INTO ledger_operators (operator_id, name, currencies, allowed_origins, wallet_mode, fun)
     VALUES ($1, $2, $3, $4, 'transfer', true)
     ON CONFLICT (operator_id) DO UPDATE SET currencies = EXCLUDED.currencies, allowed_origins = EXCLUDED.allowed_origins`,
    [id, `${operator.name} (play money)`, operator.currencies, operator.allowedOrigins],
  );
  return id;
}

/**
 * Refuses a fun launch of a player the operator suspended or who is on a break in the real book: responsible
 * gambling follows the player into play money. Returns the refusal's code, or undefined.
 */
export async function realPlayerBlock(
  sql: Sql,
  operatorId: string,
  playerId: string,
  nowMs: number,
): Promise<'PLAYER_SUSPENDED' | 'COOLING_OFF' | undefined> {
  const [row] = await sql.rows<{ suspended: boolean; cooling: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ledger_players WHERE operator_id = $1 AND player_id = $2 AND status = 'suspended')
              AS suspended,
            EXISTS (SELECT 1 FROM ledger_gambling_limits WHERE operator_id = $1 AND player_id = $2
                       AND kind = 'cooling_off' AND amount > $3) AS cooling`,
    [operatorId, playerId, String(nowMs)],
  );
  if (row.suspended) return 'PLAYER_SUSPENDED';
  if (row.cooling) return 'COOLING_OFF';
  return undefined;
}

/**
 * Tops the player's play-money wallet up to funBalance(currency) from the book's funding account: one balanced
 * entry inside the fun book (never an operator deposit: no transaction row, no deposit cap counts it). Returns the
 * balance after it.
 */
export async function topUpFunWallet(
  sql: Sql,
  wallet: WalletService,
  outbox: OutboxBatch,
  funId: string,
  playerId: string,
  currency: string,
  sessionId: string,
): Promise<bigint> {
  const spec = playerAccount(funId, playerId, currency);
  const funding = fundingAccount(funId, currency);
  await ensureAccounts(sql, [spec, funding]);
  const target = funBalance(currency);
  // Locked before the balance is read: two launches of one player top up once between them.
  const locked = await lockAccounts(sql, [accountKey(spec), accountKey(funding)]);
  const before = locked.get(accountKey(spec))?.balance ?? 0n;
  if (before >= target) return before;
  const delta = target - before;
  await wallet.deposit(
    {
      operatorId: funId,
      playerId,
      currency,
      amount: delta,
      idempotencyKey: `fun-top-up:${sessionId}`,
      reference: 'fun-top-up',
    },
    sql,
  );
  outbox.add(
    buildEvent('BalanceChanged', {
      operatorId: funId,
      playerId,
      currency,
      reason: 'deposit',
      delta,
      balance: target,
    }),
  );
  return target;
}
