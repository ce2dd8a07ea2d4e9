import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { checkPassword } from '@casino/service-kit';
import { StaffPrincipal, StaffRole } from './permissions';

/** Failed logins of one account in a row before it is locked for LOCK_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** A session lasts a working shift; logout ends it sooner. */
export const SESSION_HOURS = 12;

type StaffRow = {
  id: string;
  username: string;
  role: StaffRole;
  operator_id: string | null;
  password_hash: string;
  status: string;
  locked: boolean;
};

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

const principalOf = (r: Pick<StaffRow, 'id' | 'username' | 'role' | 'operator_id'>): StaffPrincipal => ({
  kind: 'staff',
  staffId: String(r.id),
  username: r.username,
  role: r.role,
  operatorId: r.operator_id,
});

/**
 * Staff logins and sessions. Failed logins are counted per account in PostgreSQL (so every ledger instance sees
 * them): MAX_FAILED_LOGINS in a row lock the account for LOCK_MINUTES, refused without checking the password.
 * A session token is 32 random bytes; only its SHA-256 is stored.
 */
@Injectable()
export class StaffAuthService {
  constructor(private readonly ds: DataSource) {}

  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; expiresAt: Date; staff: StaffPrincipal }> {
    const [row] = (await this.ds.query(
      `SELECT id, username, role, operator_id, password_hash, status,
              coalesce(locked_until > now(), false) AS locked
         FROM ledger_staff WHERE username = $1`,
      [username],
    )) as StaffRow[];
    if (row?.locked) throw new LedgerError('STAFF_LOGIN_THROTTLED');
    const ok = await checkPassword(row?.password_hash, password);
    if (!row || !ok || row.status !== 'active') {
      if (row) await this.failed(row.id);
      throw new LedgerError('STAFF_LOGIN_FAILED');
    }
    await this.ds.query(`UPDATE ledger_staff SET failed_logins = 0, locked_until = NULL WHERE id = $1`, [
      row.id,
    ]);
    const token = randomBytes(32).toString('base64url');
    const [s] = (await this.ds.query(
      `INSERT INTO ledger_staff_sessions (token_hash, staff_id, expires_at)
       VALUES ($1, $2, now() + make_interval(hours => $3)) RETURNING expires_at`,
      [tokenHash(token), row.id, SESSION_HOURS],
    )) as { expires_at: Date }[];
    return { token, expiresAt: s.expires_at, staff: principalOf(row) };
  }

  /** A failure counted; the one that reaches the limit locks the account and starts a new count. */
  private async failed(id: string): Promise<void> {
    await this.ds.query(
      `UPDATE ledger_staff SET
         failed_logins = CASE WHEN failed_logins + 1 >= $2 THEN 0 ELSE failed_logins + 1 END,
         locked_until = CASE WHEN failed_logins + 1 >= $2 THEN now() + make_interval(mins => $3) END
       WHERE id = $1`,
      [id, MAX_FAILED_LOGINS, LOCK_MINUTES],
    );
  }

  /** The staff member of a live session token, or undefined (unknown, expired, revoked, account disabled). */
  async principal(token: string): Promise<StaffPrincipal | undefined> {
    const [row] = (await this.ds.query(
      `SELECT s.id, s.username, s.role, s.operator_id FROM ledger_staff_sessions t
         JOIN ledger_staff s ON s.id = t.staff_id
        WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > now() AND s.status = 'active'`,
      [tokenHash(token)],
    )) as StaffRow[];
    return row ? principalOf(row) : undefined;
  }

  async logout(token: string): Promise<void> {
    await this.ds.query(
      `UPDATE ledger_staff_sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL`,
      [tokenHash(token)],
    );
  }
}
