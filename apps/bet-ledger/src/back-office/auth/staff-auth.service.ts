import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { LedgerError } from '../../errors/ledger.errors';
import { checkPassword } from '@casino/service-kit';
import { SessionStaff, StaffRepository } from './staff.repository';
import { StaffPrincipal } from './permissions';

/** Failed logins of one account in a row before it is locked for LOCK_MINUTES. */
export const MAX_FAILED_LOGINS = 5;
export const LOCK_MINUTES = 15;
/** A session lasts a working shift; logout ends it sooner. */
export const SESSION_HOURS = 12;

const tokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest();

const principalOf = (s: SessionStaff): StaffPrincipal => ({
  kind: 'staff',
  staffId: s.id,
  username: s.username,
  role: s.role,
  operatorId: s.operatorId,
});

/**
 * Staff logins and sessions. Failed logins are counted per account in PostgreSQL (so every ledger instance sees
 * them): MAX_FAILED_LOGINS in a row lock the account for LOCK_MINUTES, refused without checking the password.
 * A session token is 32 random bytes; only its SHA-256 is stored.
 */
@Injectable()
export class StaffAuthService {
  constructor(private readonly staff: StaffRepository) {}

  async login(
    username: string,
    password: string,
  ): Promise<{ token: string; expiresAt: Date; staff: StaffPrincipal }> {
    const account = await this.staff.loginOf(username);
    if (account?.locked) throw new LedgerError('STAFF_LOGIN_THROTTLED');
    const ok = await checkPassword(account?.passwordHash, password);
    if (!account || !ok || account.status !== 'active') {
      if (account) await this.staff.countFailedLogin(account.id, MAX_FAILED_LOGINS, LOCK_MINUTES);
      throw new LedgerError('STAFF_LOGIN_FAILED');
    }
    await this.staff.clearFailedLogins(account.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.staff.openSession(account.id, tokenHash(token), SESSION_HOURS);
    return { token, expiresAt, staff: principalOf(account) };
  }

  /** The staff member of a live session token, or undefined (unknown, expired, revoked, account disabled). */
  async principal(token: string): Promise<StaffPrincipal | undefined> {
    const staff = await this.staff.sessionStaff(tokenHash(token));
    return staff ? principalOf(staff) : undefined;
  }

  async logout(token: string): Promise<void> {
    await this.staff.revokeSession(tokenHash(token));
  }
}
