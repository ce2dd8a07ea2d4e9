import { Sql } from '@casino/wallet';
import { toJson } from '../rounds/round.repository';
import { parseTableSettings, TableSettings } from './table-settings';

export type TableStatus = 'open' | 'closed';

/** Who draws the table's results: a studio's live dealer (signed results) or the service's automatic dealer. */
export type TableDealer = 'studio' | 'auto';

/** A table as the catalogue holds it. */
export interface CatalogueTable {
  tableId: string;
  game: TableSettings['game'];
  variant: string;
  /** Who draws its results: `studio` (live) or `auto` (the service's automatic dealer). */
  dealer: TableDealer;
  /** The dealer's language (a BCP 47 tag), null when not set. */
  dealerLanguage: string | null;
  currency: string;
  settings: TableSettings;
  producer: string;
  status: TableStatus;
  version: number;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

/** What a back-office change writes (the catalogue's fields besides the bookkeeping ones). */
export type TableWrite = Pick<
  CatalogueTable,
  'tableId' | 'variant' | 'dealer' | 'dealerLanguage' | 'currency' | 'settings' | 'producer' | 'status'
>;

type RawTable = {
  table_id: string;
  game: TableSettings['game'];
  variant: string;
  dealer: TableDealer;
  dealer_language: string | null;
  currency: string;
  settings: unknown;
  producer: string;
  status: TableStatus;
  version: number;
  created_at: Date;
  updated_at: Date;
  updated_by: string;
};

const COLUMNS = `table_id, game, variant, dealer, dealer_language, currency, settings, producer, status, version, created_at, updated_at,
  updated_by`;

function toTable(r: RawTable): CatalogueTable {
  const parsed = parseTableSettings(r.settings);
  // Only the API writes rows and it validates first: a row that does not parse was changed behind its back.
  if (!parsed.ok)
    throw new Error(`catalogue table ${r.table_id} has invalid settings: ${parsed.problems.join('; ')}`);
  return {
    tableId: r.table_id,
    game: r.game,
    variant: r.variant,
    dealer: r.dealer,
    dealerLanguage: r.dealer_language,
    currency: r.currency,
    settings: parsed.settings,
    producer: r.producer,
    status: r.status,
    version: r.version,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
    updatedBy: r.updated_by,
  };
}

/** One table; `lock` takes it FOR UPDATE (a back-office change), else FOR SHARE (a RoundOpened checked). */
export async function findTable(
  sql: Sql,
  tableId: string,
  lock: 'update' | 'share' | 'none' = 'none',
): Promise<CatalogueTable | undefined> {
  const clause = lock === 'update' ? 'FOR UPDATE' : lock === 'share' ? 'FOR SHARE' : '';
  const [row] = await sql.rows<RawTable>(
    `SELECT ${COLUMNS} FROM ledger_tables WHERE table_id = $1 ${clause}`,
    [tableId],
  );
  return row ? toTable(row) : undefined;
}

/** A page of tables in id order, after `after`. */
export async function listTables(
  sql: Sql,
  page: { limit: number; after?: string },
): Promise<CatalogueTable[]> {
  const rows = await sql.rows<RawTable>(
    `SELECT ${COLUMNS} FROM ledger_tables WHERE $1::text IS NULL OR table_id > $1 ORDER BY table_id LIMIT $2`,
    [page.after ?? null, page.limit],
  );
  return rows.map(toTable);
}

/** Creates or replaces a table's row (the version counts changes); returns it as stored. */
export async function writeTable(sql: Sql, t: TableWrite, actor: string): Promise<CatalogueTable> {
  const [row] = await sql.rows<RawTable>(
    `INSERT INTO ledger_tables
       (table_id, game, variant, currency, settings, producer, status, updated_by, dealer, dealer_language)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)
     ON CONFLICT (table_id) DO UPDATE SET variant = EXCLUDED.variant, currency = EXCLUDED.currency,
       dealer = EXCLUDED.dealer, dealer_language = EXCLUDED.dealer_language,
       settings = EXCLUDED.settings, producer = EXCLUDED.producer, status = EXCLUDED.status,
       version = ledger_tables.version + 1, updated_at = now(), updated_by = EXCLUDED.updated_by
     RETURNING ${COLUMNS}`,
    [
      t.tableId,
      t.settings.game,
      t.variant,
      t.currency,
      toJson(t.settings),
      t.producer,
      t.status,
      actor,
      t.dealer,
      t.dealerLanguage,
    ],
  );
  return toTable(row);
}

export interface TableAuditEntry {
  action: 'create' | 'update' | 'close';
  actor: string;
  reason: string;
  before: CatalogueTable | null;
  after: CatalogueTable;
  at: string;
}

export async function recordTableAudit(sql: Sql, tableId: string, entry: Omit<TableAuditEntry, 'at'>) {
  await sql.rows(
    `INSERT INTO ledger_table_audit (table_id, action, actor, reason, before, after)
     VALUES ($1, $2, $3, $4, $5::jsonb, $6::jsonb)`,
    [
      tableId,
      entry.action,
      entry.actor,
      entry.reason,
      entry.before ? toJson(entry.before) : null,
      toJson(entry.after),
    ],
  );
}

/** A table's audited changes, oldest first. */
export async function tableAudit(sql: Sql, tableId: string): Promise<TableAuditEntry[]> {
  const rows = await sql.rows<{
    action: TableAuditEntry['action'];
    actor: string;
    reason: string;
    before: CatalogueTable | null;
    after: CatalogueTable;
    at: Date;
  }>(
    `SELECT action, actor, reason, before, after, at FROM ledger_table_audit WHERE table_id = $1 ORDER BY id`,
    [tableId],
  );
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

export type RefusalCode =
  | 'TABLE_UNKNOWN'
  | 'TABLE_CLOSED'
  | 'TABLE_CONFIG_MISMATCH'
  /** A round or shoe event on another game's topic than its table's: not from the table's service. */
  | 'PRODUCER_NOT_TABLE_SERVICE'
  /** A RoundOpened under a table lease older than one a round of the table was admitted under. */
  | 'LEASE_STALE';

export interface TableRefusal {
  eventId: string;
  eventType: string;
  tableId: string;
  roundId: string;
  code: RefusalCode;
  message: string;
}

/** Records a refused round event (once per event id). */
export async function recordRefusal(sql: Sql, r: TableRefusal): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_table_refusals (event_id, table_id, round_id, event_type, code, message)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (event_id) DO NOTHING`,
    [r.eventId, r.tableId, r.roundId, r.eventType, r.code, r.message],
  );
}

/** Refusals so far, per code, and the newest one's time (for /health). */
export async function refusalStats(
  sql: Sql,
): Promise<{ total: number; byCode: Record<string, number>; last: string | null }> {
  const rows = await sql.rows<{ code: string; n: number; last: Date }>(
    `SELECT code, count(*)::int AS n, max(refused_at) AS last FROM ledger_table_refusals GROUP BY code`,
  );
  const byCode = Object.fromEntries(rows.map((r) => [r.code, r.n]));
  const times = rows.map((r) => new Date(r.last).getTime());
  return {
    total: rows.reduce((s, r) => s + r.n, 0),
    byCode,
    last: times.length > 0 ? new Date(Math.max(...times)).toISOString() : null,
  };
}
