import { TableLease } from '@casino/events';
import { Sql } from '@casino/wallet';

/** The newest lease the ledger admitted a round of the table under. */
export interface TableLeaseView {
  tableId: string;
  holder: string;
  epoch: number;
  updatedAt: string;
}

/**
 * Admits a round opened under `lease` for the table: moves the table's record to it when it is as new as the
 * recorded one (same epoch and holder) or newer (a takeover), in one statement; undefined when it is older (or
 * names another holder for the recorded epoch), with the recorded lease to say so.
 */
export async function admitLease(
  sql: Sql,
  tableId: string,
  lease: TableLease,
): Promise<{ ok: true } | { ok: false; recorded: TableLeaseView | undefined }> {
  const moved = await sql.rows(
    `INSERT INTO ledger_table_leases AS l (table_id, holder, epoch) VALUES ($1, $2, $3)
     ON CONFLICT (table_id) DO UPDATE SET holder = EXCLUDED.holder, epoch = EXCLUDED.epoch, updated_at = now()
       WHERE l.epoch < EXCLUDED.epoch OR (l.epoch = EXCLUDED.epoch AND l.holder = EXCLUDED.holder)
     RETURNING 1`,
    [tableId, lease.holder, lease.epoch],
  );
  if (moved.length > 0) return { ok: true };
  return { ok: false, recorded: await tableLeaseOf(sql, tableId) };
}

export async function tableLeaseOf(sql: Sql, tableId: string): Promise<TableLeaseView | undefined> {
  const [row] = await sql.rows<{ holder: string; epoch: string; updated_at: Date }>(
    `SELECT holder, epoch::text AS epoch, updated_at FROM ledger_table_leases WHERE table_id = $1`,
    [tableId],
  );
  return row
    ? {
        tableId,
        holder: row.holder,
        epoch: Number(row.epoch),
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : undefined;
}

/** Forgets the table's lease record (the back office, after the game service's lease table was reset). */
export async function forgetTableLease(sql: Sql, tableId: string): Promise<TableLeaseView | undefined> {
  const [row] = await sql.rows<{ holder: string; epoch: string; updated_at: Date }>(
    `DELETE FROM ledger_table_leases WHERE table_id = $1 RETURNING holder, epoch::text AS epoch, updated_at`,
    [tableId],
  );
  return row
    ? {
        tableId,
        holder: row.holder,
        epoch: Number(row.epoch),
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : undefined;
}

/** Records on the round the lease it was opened under. */
export async function recordRoundLease(
  sql: Sql,
  tableId: string,
  roundId: string,
  lease: TableLease,
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_rounds SET lease_holder = $3, lease_epoch = $4 WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId, lease.holder, lease.epoch],
  );
}
