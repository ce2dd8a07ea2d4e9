import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { StaffRole } from './permissions';

/** A staff account as the back office shows it (never its password hash). */
export interface StaffView {
  id: string;
  username: string;
  role: StaffRole;
  operatorId: string | null;
  status: 'active' | 'disabled';
  lockedUntil: string | null;
  createdAt: string;
}

/** What a login checks: the account, its hash and whether it is locked now. */
export interface StaffLogin {
  id: string;
  username: string;
  role: StaffRole;
  operatorId: string | null;
  passwordHash: string;
  status: string;
  locked: boolean;
}

/** The staff member behind a live session. */
export type SessionStaff = Pick<StaffLogin, 'id' | 'username' | 'role' | 'operatorId'>;

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

/** Ends an account's live sessions (in the transaction that changed the account). */
const revokeSessions = (m: EntityManager, staffId: string) =>
  m.query(`UPDATE ledger_staff_sessions SET revoked_at = now() WHERE staff_id = $1 AND revoked_at IS NULL`, [
    staffId,
  ]);

/**
 * Staff accounts and their sessions (ledger_staff, ledger_staff_sessions): the SQL of the staff routes, the
 * `npm run staff` command and the back office's logins.
 */
@Injectable()
export class StaffRepository {
  constructor(private readonly ds: DataSource) {}

  async operatorExists(operatorId: string): Promise<boolean> {
    const rows = (await this.ds.query(`SELECT 1 FROM ledger_operators WHERE operator_id = $1`, [
      operatorId,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** The new account, or undefined when the username is taken. */
  async insert(a: {
    username: string;
    role: StaffRole;
    operatorId: string | null;
    passwordHash: string;
  }): Promise<StaffView | undefined> {
    const rows = (await this.ds.query(
      `INSERT INTO ledger_staff (username, role, operator_id, password_hash) VALUES ($1, $2, $3, $4)
       ON CONFLICT (username) DO NOTHING RETURNING ${COLUMNS}`,
      [a.username, a.role, a.operatorId, a.passwordHash],
    )) as Row[];
    return rows[0] ? view(rows[0]) : undefined;
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

  /** Sets the status and lifts a lock; disabling ends the sessions. Undefined when there is no such account. */
  setStatus(id: string, status: 'active' | 'disabled'): Promise<StaffView | undefined> {
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE ledger_staff SET status = $2, updated_at = now(), failed_logins = 0, locked_until = NULL
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, status],
      )) as [Row[], number];
      if (!rows[0]) return undefined;
      if (status === 'disabled') await revokeSessions(m, id);
      return view(rows[0]);
    });
  }

  /** A new password hash; the sessions end and the lock is lifted. Undefined when there is no such account. */
  setPasswordHash(id: string, passwordHash: string): Promise<StaffView | undefined> {
    return this.ds.transaction(async (m) => {
      const [rows] = (await m.query(
        `UPDATE ledger_staff SET password_hash = $2, updated_at = now(), failed_logins = 0, locked_until = NULL
          WHERE id = $1 RETURNING ${COLUMNS}`,
        [id, passwordHash],
      )) as [Row[], number];
      if (!rows[0]) return undefined;
      await revokeSessions(m, id);
      return view(rows[0]);
    });
  }

  async loginOf(username: string): Promise<StaffLogin | undefined> {
    const [r] = (await this.ds.query(
      `SELECT id, username, role, operator_id, password_hash, status,
              coalesce(locked_until > now(), false) AS locked
         FROM ledger_staff WHERE username = $1`,
      [username],
    )) as (Omit<Row, 'status' | 'locked_until' | 'created_at'> & {
      password_hash: string;
      status: string;
      locked: boolean;
    })[];
    return r
      ? {
          id: String(r.id),
          username: r.username,
          role: r.role,
          operatorId: r.operator_id,
          passwordHash: r.password_hash,
          status: r.status,
          locked: r.locked,
        }
      : undefined;
  }

  async clearFailedLogins(id: string): Promise<void> {
    await this.ds.query(`UPDATE ledger_staff SET failed_logins = 0, locked_until = NULL WHERE id = $1`, [id]);
  }

  /** Counts a failed login; the one that reaches `max` locks the account for `lockMinutes` and starts a new count. */
  async countFailedLogin(id: string, max: number, lockMinutes: number): Promise<void> {
    await this.ds.query(
      `UPDATE ledger_staff SET
         failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
         locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(mins => $3) END
       WHERE id = $1`,
      [id, max, lockMinutes],
    );
  }

  /** Records a session by its token's hash; returns when it expires. */
  async openSession(staffId: string, tokenHash: Buffer, hours: number): Promise<Date> {
    const [s] = (await this.ds.query(
      `INSERT INTO ledger_staff_sessions (token_hash, staff_id, expires_at)
       VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING expires_at`,
      [tokenHash, staffId, hours],
    )) as { expires_at: Date }[];
    return s.expires_at;
  }

  /** The staff member of a live session (not expired or revoked, the account active). */
  async sessionStaff(tokenHash: Buffer): Promise<SessionStaff | undefined> {
    const [r] = (await this.ds.query(
      `SELECT s.id, s.username, s.role, s.operator_id FROM ledger_staff_sessions t
         JOIN ledger_staff s ON s.id = t.staff_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND s.status = 'active'`,
      [tokenHash],
    )) as Pick<Row, 'id' | 'username' | 'role' | 'operator_id'>[];
    return r
      ? { id: String(r.id), username: r.username, role: r.role, operatorId: r.operator_id }
      : undefined;
  }

  async revokeSession(tokenHash: Buffer): Promise<void> {
    await this.ds.query(
      `UPDATE ledger_staff_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash],
    );
  }
}
