import { AccountKind, AccountSpec, accountKey, isPlayerOwned, MAY_GO_NEGATIVE } from './account-key';
import { EntryKind } from './journal-entry.entity';
import { pgErrorCode, Sql } from './sql';
import { WalletError } from './wallet.errors';

export interface AccountRow {
  id: string;
  key: string;
  kind: AccountKind;
  currency: string;
  balance: bigint;
}

export interface EntryLine {
  accountId: string;
  /** Signed minor units: > 0 credits the account, < 0 debits it. */
  amount: bigint;
}

export interface EntryInput {
  idempotencyKey: string;
  kind: EntryKind;
  reference: string | null;
  currency: string;
  lines: EntryLine[];
}

export interface PostResult {
  /** Idempotency keys posted now. */
  posted: string[];
  /** Idempotency keys that had been posted before (nothing changed for them). */
  duplicates: string[];
  /** Balance after this call of every account it changed. */
  balances: Map<string, bigint>;
}

/** An account row as selected (bigints as strings, as in JSON). */
export type RawAccount = { id: string; key: string; kind: AccountKind; currency: string; balance: string };
export const toAccountRow = (r: RawAccount): AccountRow => ({
  ...r,
  id: String(r.id),
  balance: BigInt(r.balance),
});

/** Creates missing accounts (idempotently) and returns all of them by key. */
export async function ensureAccounts(
  sql: Sql,
  specs: readonly AccountSpec[],
): Promise<Map<string, AccountRow>> {
  const unique = new Map(specs.map((s) => [accountKey(s), s] as const));
  if (unique.size === 0) return new Map();
  const cols = {
    key: [] as string[],
    kind: [] as string[],
    op: [] as string[],
    player: [] as (string | null)[],
  };
  const extra = {
    game: [] as (string | null)[],
    table: [] as (string | null)[],
    cur: [] as string[],
    neg: [] as boolean[],
  };
  for (const [key, s] of unique) {
    cols.key.push(key);
    cols.kind.push(s.kind);
    cols.op.push(s.operatorId);
    cols.player.push(isPlayerOwned(s.kind) && 'playerId' in s ? s.playerId : null);
    extra.game.push(s.kind === 'house' ? s.game : null);
    extra.table.push(s.kind === 'house' || s.kind === 'bets_in_play' ? s.tableId : null);
    extra.cur.push(s.currency);
    extra.neg.push(MAY_GO_NEGATIVE[s.kind]);
  }
  await sql.rows(
    `INSERT INTO wallet_accounts (key, kind, operator_id, player_id, game, table_id, currency, allow_negative)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::bool[])
     ON CONFLICT (key) DO NOTHING`,
    [cols.key, cols.kind, cols.op, cols.player, extra.game, extra.table, extra.cur, extra.neg],
  );
  return findAccounts(sql, cols.key);
}

export async function findAccounts(sql: Sql, keys: readonly string[]): Promise<Map<string, AccountRow>> {
  if (keys.length === 0) return new Map();
  const rows = await sql.rows<RawAccount>(
    `SELECT id, key, kind, currency, balance FROM wallet_accounts WHERE key = ANY($1::text[])`,
    [keys],
  );
  return new Map(rows.map((r) => [r.key, toAccountRow(r)] as const));
}

/**
 * The one lock order of every transaction that moves money: player wallets and bonus balances first, then system
 * accounts (bets in play, house, funding, the bonus books), each by id. Hot system accounts are thus locked last, for the shortest time, and no two
 * transactions can wait on each other in a cycle.
 */
export const ACCOUNT_LOCK_ORDER = `ORDER BY (kind NOT IN ('player', 'bonus')), id`;

/** lockAccounts' statement, for callers that fold it into a larger one; `param` is a text[] of keys. */
export const lockAccountsByKeySql = (param: string) =>
  `SELECT id, key, kind, currency, balance FROM wallet_accounts WHERE key = ANY(${param}::text[])
   ${ACCOUNT_LOCK_ORDER} FOR UPDATE`;

/**
 * Locks accounts FOR UPDATE in ACCOUNT_LOCK_ORDER and returns their current balances by key. Missing keys are
 * simply absent from the result.
 */
export async function lockAccounts(sql: Sql, keys: readonly string[]): Promise<Map<string, AccountRow>> {
  if (keys.length === 0) return new Map();
  const rows = await sql.rows<RawAccount>(lockAccountsByKeySql('$1'), [[...new Set(keys)]]);
  return new Map(rows.map((r) => [r.key, toAccountRow(r)] as const));
}

/** lockAccounts by account id; returns balances by id. */
export async function lockAccountsById(sql: Sql, ids: readonly string[]): Promise<Map<string, AccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.rows<RawAccount>(
    `SELECT id, key, kind, currency, balance FROM wallet_accounts WHERE id = ANY($1::bigint[])
     ${ACCOUNT_LOCK_ORDER} FOR UPDATE`,
    [[...new Set(ids)]],
  );
  return new Map(rows.map((r) => [String(r.id), toAccountRow(r)] as const));
}

/** Throws UNBALANCED_ENTRY unless the lines sum to zero; drops zero lines. */
export function balancedLines(entry: EntryInput): EntryLine[] {
  let sum = 0n;
  for (const line of entry.lines) sum += line.amount;
  if (sum !== 0n) {
    throw new WalletError('UNBALANCED_ENTRY', `entry ${entry.idempotencyKey} sums to ${sum}, not 0`);
  }
  return entry.lines.filter((l) => l.amount !== 0n);
}

/** Balanced, non-empty entries by idempotency key (the first of a repeated key wins). */
function postableEntries(entries: readonly EntryInput[]): { entry: EntryInput; lines: EntryLine[] }[] {
  const byKey = new Map<string, { entry: EntryInput; lines: EntryLine[] }>();
  for (const entry of entries) {
    const lines = balancedLines(entry);
    if (lines.length > 0 && !byKey.has(entry.idempotencyKey))
      byKey.set(entry.idempotencyKey, { entry, lines });
  }
  return [...byKey.values()];
}

/** A posting as data-modifying CTEs, for a statement of the caller's; `$n` numbered from 1. */
export interface PostingCtes {
  /** `posted_entries AS (…), posted_lines AS (…), moved_balances AS (…)`. */
  text: string;
  params: unknown[];
  /** The idempotency keys of the entries, and the accounts they move. */
  entryKeys: string[];
  accountIds: string[];
}

/**
 * New entries (idempotent: a key posted before is skipped with its lines), their postings, and the balances
 * they move, as CTEs: posted_entries returns (id, idempotency_key), moved_balances (id, balance). The accounts
 * must already be locked in ACCOUNT_LOCK_ORDER. Undefined when there is nothing to post.
 */
export function postingCtes(entries: readonly EntryInput[]): PostingCtes | undefined {
  const list = postableEntries(entries);
  if (list.length === 0) return undefined;
  const keys: string[] = [];
  const accounts: string[] = [];
  const amounts: string[] = [];
  for (const { entry, lines } of list) {
    for (const line of lines) {
      keys.push(entry.idempotencyKey);
      accounts.push(line.accountId);
      amounts.push(line.amount.toString());
    }
  }
  return {
    text: `posted_entries AS (
         INSERT INTO wallet_entries (idempotency_key, kind, reference, currency)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
         ON CONFLICT (idempotency_key) DO NOTHING RETURNING id, idempotency_key),
       posted_lines AS (
         INSERT INTO wallet_postings (entry_id, account_id, amount)
         SELECT e.id, l.account_id, l.amount
         FROM unnest($5::text[], $6::bigint[], $7::bigint[]) WITH ORDINALITY AS l(key, account_id, amount, n)
         JOIN posted_entries e ON e.idempotency_key = l.key ORDER BY l.n
         RETURNING account_id, amount),
       moved_balances AS (
         UPDATE wallet_accounts a SET balance = a.balance + d.delta, updated_at = now()
         FROM (SELECT account_id, sum(amount) AS delta FROM posted_lines GROUP BY account_id) d
         WHERE a.id = d.account_id RETURNING a.id, a.balance)`,
    params: [
      list.map((e) => e.entry.idempotencyKey),
      list.map((e) => e.entry.kind),
      list.map((e) => e.entry.reference),
      list.map((e) => e.entry.currency),
      keys,
      accounts,
      amounts,
    ],
    entryKeys: list.map((e) => e.entry.idempotencyKey),
    accountIds: [...new Set(accounts)],
  };
}

/** A CHECK violation on a balance is a debit beyond the funds (INSUFFICIENT_FUNDS); anything else is rethrown. */
function postingError(err: unknown): unknown {
  return pgErrorCode(err) === '23514'
    ? new WalletError('INSUFFICIENT_FUNDS', 'a posting would take a balance below zero')
    : err;
}

/**
 * Posts balanced entries in bulk (two statements whatever their number). Entries whose idempotency key was
 * posted before are skipped. Balances move by the sum of each account's new postings; the CHECK constraint
 * refuses any balance that would go negative where that is not allowed (INSUFFICIENT_FUNDS).
 */
export async function postEntries(
  sql: Sql,
  entries: readonly EntryInput[],
  options: {
    /** The caller holds every account of the entries, locked in ACCOUNT_LOCK_ORDER: skip the locking statement. */
    lockedInOrder?: boolean;
  } = {},
): Promise<PostResult> {
  const result: PostResult = { posted: [], duplicates: [], balances: new Map() };
  const ctes = postingCtes(entries);
  if (!ctes) return result;
  try {
    // Lock in the global order first: the UPDATE below locks in join order, which could deadlock two batches.
    if (!options.lockedInOrder) {
      await sql.rows(
        `SELECT id FROM wallet_accounts WHERE id = ANY($1::bigint[]) ${ACCOUNT_LOCK_ORDER} FOR NO KEY UPDATE`,
        [ctes.accountIds],
      );
    }
    const rows = await sql.rows<{ t: 'posted'; a: string; b: null } | { t: 'balance'; a: string; b: string }>(
      `WITH ${ctes.text}
       SELECT 'posted' AS t, idempotency_key AS a, NULL AS b FROM posted_entries
       UNION ALL SELECT 'balance', id::text, balance::text FROM moved_balances`,
      ctes.params,
    );
    const posted = new Set<string>();
    for (const r of rows) {
      if (r.t === 'posted') posted.add(r.a);
      else result.balances.set(r.a, BigInt(r.b));
    }
    for (const key of ctes.entryKeys) {
      (posted.has(key) ? result.posted : result.duplicates).push(key);
    }
  } catch (err) {
    throw postingError(err);
  }
  return result;
}
