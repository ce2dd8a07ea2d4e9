import { Sql } from '@casino/wallet';
import { TableDealer, TableStatus } from './table-catalogue.repository';

/** A catalogue row as an operator's lobby lists it, with the results of the table's last settled rounds. */
export interface OperatorCatalogueRow {
  tableId: string;
  game: string;
  variant: string;
  dealer: TableDealer;
  dealerLanguage: string | null;
  currency: string;
  status: TableStatus;
  /** The catalogue's settings as stored (amounts as strings). */
  settings: Record<string, unknown>;
  updatedAt: string;
  /** RoundResult.result of the last settled rounds, newest first. */
  lastResults: { roundId: string; result: Record<string, unknown> }[];
}

/** The most tables one catalogue answer lists (the platform runs tens of tables, not thousands). */
export const CATALOGUE_MAX_TABLES = 500;

/**
 * The catalogue's tables that take any of the given currencies (an operator's: the table's own one, or one its
 * settings list with its own limits, docs/ledger.md#currencies-per-table), in id order, optionally of one game, each with
 * the results of its last `recent` settled rounds (index ledger_rounds_settled_recent: a few rows per table).
 */
export async function listOperatorTables(
  sql: Sql,
  q: { currencies: readonly string[]; game?: string; recent: number },
): Promise<OperatorCatalogueRow[]> {
  const rows = await sql.rows<{
    table_id: string;
    game: string;
    variant: string;
    dealer: TableDealer;
    dealer_language: string | null;
    currency: string;
    status: TableStatus;
    settings: Record<string, unknown>;
    updated_at: Date;
    last_results: { roundId: string; result: Record<string, unknown> }[] | null;
  }>(
    `SELECT t.table_id, t.game, t.variant, t.dealer, t.dealer_language, t.currency, t.status, t.settings, t.updated_at,
       (SELECT jsonb_agg(jsonb_build_object('roundId', r.round_id, 'result', r.result) ORDER BY r.finished_at DESC)
          FROM (SELECT round_id, result, finished_at FROM ledger_rounds
                 WHERE table_id = t.table_id AND status = 'settled' AND result IS NOT NULL
                 ORDER BY finished_at DESC LIMIT $3) r) AS last_results
     FROM ledger_tables t
     WHERE (t.currency = ANY($1::text[]) OR coalesce(t.settings->'currencies', '{}') ?| $1::text[])
       AND ($2::text IS NULL OR t.game = $2)
     ORDER BY t.table_id LIMIT ${CATALOGUE_MAX_TABLES}`,
    [q.currencies, q.game ?? null, q.recent],
  );
  return rows.map((r) => ({
    tableId: r.table_id,
    game: r.game,
    variant: r.variant,
    dealer: r.dealer,
    dealerLanguage: r.dealer_language,
    currency: r.currency,
    status: r.status,
    settings: r.settings,
    updatedAt: new Date(r.updated_at).toISOString(),
    lastResults: r.last_results ?? [],
  }));
}
