import { Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { poolSql } from '../../database/pool-sql';
import { StaffPrincipal } from '../auth/permissions';
import { insertAudit, listAudit } from './audit.repository';

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

/** The back-office audit log: who (the logged-in staff member or `system`), when, what, on what, why. */
@Injectable()
export class AuditService {
  private readonly sql: Sql;

  constructor(ds: DataSource) {
    this.sql = poolSql(ds);
  }

  async record(
    who: StaffPrincipal,
    action: string,
    target: string,
    reason: string | null,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    await insertAudit(this.sql, {
      actor: who.username,
      staffId: who.staffId,
      role: who.role,
      action,
      target,
      reason,
      details,
    });
  }

  /** Newest first; `before` = the previous page's last id. */
  async list(q: { action?: string; target?: string; limit: number; before?: string }): Promise<AuditEntry[]> {
    const rows = await listAudit(this.sql, q);
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
