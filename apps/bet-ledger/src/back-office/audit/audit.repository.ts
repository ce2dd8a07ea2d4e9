import { Sql } from '@casino/wallet';

/** One line of the back-office audit log as stored (ledger_backoffice_audit). */
export interface AuditRow {
  id: string;
  actor: string;
  staff_id: string | null;
  role: string;
  action: string;
  target: string;
  reason: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export async function insertAudit(
  sql: Sql,
  entry: Omit<AuditRow, 'id' | 'at' | 'staff_id'> & { staffId: string | null },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_backoffice_audit (actor, staff_id, role, action, target, reason, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      entry.actor,
      entry.staffId,
      entry.role,
      entry.action,
      entry.target,
      entry.reason,
      JSON.stringify(entry.details),
    ],
  );
}

/** Newest first, filtered by action and target; `before` = the previous page's last id. */
export function listAudit(
  sql: Sql,
  q: { action?: string; target?: string; limit: number; before?: string },
): Promise<AuditRow[]> {
  return sql.rows<AuditRow>(
    `SELECT id, actor, staff_id, role, action, target, reason, details, at FROM ledger_backoffice_audit
      WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR target = $2)
        AND ($3::bigint IS NULL OR id < $3)
      ORDER BY id DESC LIMIT $4`,
    [q.action ?? null, q.target ?? null, q.before ?? null, q.limit],
  );
}
