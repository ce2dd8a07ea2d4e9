import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { generatePassword, hashPassword } from '@casino/service-kit';
import { StaffRole } from '../auth/permissions';

export interface StaffView {
  id: string;
  username: string;
  role: StaffRole;
  operatorId: string | null;
  status: 'active' | 'disabled';
  lockedUntil: string | null;
  createdAt: string;
}

type Row = {
  id: string;
  username: string;
  role: StaffRole;
  operator_id: string | null;
  status: 'active' | 'disabled';
  locked_until: Date | null;
  created_at: Date;
};

const COLUMNS = 'id, username, role, operator_id, status, locked_until, created_at';
const view = (r: Row): StaffView => ({
  id: String(r.id),
  username: r.username,
  role: r.role,
  operatorId: r.operator_id,
  status: r.status,
  lockedUntil: r.locked_until ? r.locked_until.toISOString() : null,
  createdAt: r.created_at.toISOString(),
});

/** Staff accounts (used by the staff routes and `npm run staff`); passwords are generated and shown once. */
@Injectable()
export class StaffService {
  constructor(private readonly ds: DataSource) {}

  async create(input: {
    username: string;
    role: StaffRole;
    operatorId: string | null;
  }): Promise<{ staff: StaffView; password: string }> {
    if (input.operatorId !== null) {
      const [op] = (await this.ds.query(`SELECT 1 FROM ledger_operators WHERE operator_id = $1`, [
        input.operatorId,
      ])) as unknown[];
      if (!op) throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${input.operatorId}`);
    }
    const password = generatePassword();
    const rows = (await this.ds.query(
      `INSERT INTO ledger_staff (username, role, operator_id, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
      [input.username, input.role, input.operatorId, await hashPassword(password)],
    )) as Row[];
    if (rows.length === 0) throw new LedgerError('STAFF_EXISTS', `a staff member is named ${input.username}`);
    return { staff: view(rows[0]), password };
  }

  async list(q: { operatorId?: string; limit: number; after?: string }): Promise<StaffView[]> {
    const rows = (await this.ds.query(
      `SELECT ${COLUMNS} FROM ledger_staff
        WHERE ($1::text IS NULL OR operator_id = $1) AND ($2::bigint IS NULL OR id > $2)
        ORDER BY id LIMIT $3`,
      [q.operatorId ?? null, q.after ?? null, q.limit],
    )) as Row[];
    return rows.map(view);
  }

  /** Disables or enables an account; disabling ends its sessions. */
  async setStatus(id: string, status: 'active' | 'disabled'): Promise<StaffView> {
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE ledger_staff SET status = $2, updated_at = now(), failed_logins = 0, locked_until = NULL
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, status],
      )) as [Row[], number];
      if (!rows[0]) throw new LedgerError('STAFF_NOT_FOUND', `no staff member ${id}`);
      if (status === 'disabled')
        await m.query(
          `UPDATE ledger_staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`,
          [id],
        );
      return view(rows[0]);
    });
  }

  /** A new generated password (shown once); the account's sessions end and its lock is lifted. */
  async resetPassword(id: string): Promise<{ staff: StaffView; password: string }> {
    const password = generatePassword();
    const hash = await hashPassword(password);
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE ledger_staff SET password_hash = $2, updated_at = now(), failed_logins = 0, locked_until = NULL
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, hash],
      )) as [Row[], number];
      if (!rows[0]) throw new LedgerError('STAFF_NOT_FOUND', `no staff member ${id}`);
      await m.query(
        `UPDATE ledger_staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`,
        [id],
      );
      return { staff: view(rows[0]), password };
    });
  }
}
