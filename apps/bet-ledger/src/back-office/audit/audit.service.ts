import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StaffPrincipal } from '../auth/permissions';

export interface AuditEntry {
  id: string;
  actor: string;
  staffId: string | null;
  role: string;
  action: string;
  target: string;
  reason: string | null;
  details: Record<string, unknown>;
  at: string;
}

type AuditRow = Omit<AuditEntry, 'staffId' | 'at' | 'id'> & { id: string; staff_id: string | null; at: Date };

/** The back-office audit log: who (the logged-in staff member or `system`), when, what, on what, why. */
@Injectable()
export class AuditService {
  constructor(private readonly ds: DataSource) {}

  async record(
    who: StaffPrincipal,
    action: string,
    target: string,
    reason: string | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await this.ds.query(
      `INSERT INTO ledger_backoffice_audit (actor, staff_id, role, action, target, reason, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [who.username, who.staffId, who.role, action, target, reason, JSON.stringify(details)],
    );
  }

  /** Newest first; `before` = the previous page's last id. */
  async list(q: { action?: string; target?: string; limit: number; before?: string }): Promise<AuditEntry[]> {
    const rows = (await this.ds.query(
      `SELECT id, actor, staff_id, role, action, target, reason, details, at FROM ledger_backoffice_audit
        WHERE ($1::text IS NULL OR action = $1) AND ($2::text IS NULL OR target = $2)
          AND ($3::bigint IS NULL OR id < $3)
        ORDER BY id DESC LIMIT $4`,
      [q.action ?? null, q.target ?? null, q.before ?? null, q.limit],
    )) as AuditRow[];
    return rows.map((r) => ({
      id: String(r.id),
      actor: r.actor,
      staffId: r.staff_id === null ? null : String(r.staff_id),
      role: r.role,
      action: r.action,
      target: r.target,
      reason: r.reason,
      details: r.details,
      at: r.at.toISOString(),
    }));
  }
}

/** The audited actor: a logged-in staff member is who their session says, whatever the body claims. */
export const actorOf = (who: StaffPrincipal, claimed: string): string =>
  who.kind === 'staff' ? who.username : claimed;
