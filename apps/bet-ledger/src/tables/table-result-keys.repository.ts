import { Sql } from '@casino/wallet';

/** The studio key a live table's results are signed with (docs/kafka-security.md#signed-live-results). */
export interface TableResultKey {
  tableId: string;
  publicKey: string;
  setBy: string;
  reason: string;
  setAt: string;
}

type Row = { table_id: string; public_key: string; set_by: string; reason: string; set_at: Date };
const view = (r: Row): TableResultKey => ({
  tableId: r.table_id,
  publicKey: r.public_key,
  setBy: r.set_by,
  reason: r.reason,
  setAt: new Date(r.set_at).toISOString(),
});

export async function resultKeyOf(sql: Sql, tableId: string): Promise<TableResultKey | undefined> {
  const [row] = await sql.rows<Row>(
    `SELECT table_id, public_key, set_by, reason, set_at FROM ledger_table_result_keys WHERE table_id = $1`,
    [tableId],
  );
  return row ? view(row) : undefined;
}

/** Registers (or replaces) the table's key. */
export async function setResultKey(
  sql: Sql,
  k: Pick<TableResultKey, 'tableId' | 'publicKey' | 'setBy' | 'reason'>,
): Promise<TableResultKey> {
  const [row] = await sql.rows<Row>(
    `INSERT INTO ledger_table_result_keys (table_id, public_key, set_by, reason) VALUES ($1, $2, $3, $4)
     ON CONFLICT (table_id) DO UPDATE SET public_key = EXCLUDED.public_key, set_by = EXCLUDED.set_by,
       reason = EXCLUDED.reason, set_at = now()
     RETURNING table_id, public_key, set_by, reason, set_at`,
    [k.tableId, k.publicKey, k.setBy, k.reason],
  );
  return view(row);
}

export async function removeResultKey(sql: Sql, tableId: string): Promise<TableResultKey | undefined> {
  const [row] = await sql.rows<Row>(
    `DELETE FROM ledger_table_result_keys WHERE table_id = $1 RETURNING table_id, public_key, set_by, reason, set_at`,
    [tableId],
  );
  return row ? view(row) : undefined;
}
