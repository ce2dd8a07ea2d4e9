import { Injectable } from '@nestjs/common';
import { LedgerError } from '../../errors/ledger.errors';
import { generatePassword, hashPassword } from '@casino/service-kit';
import { StaffRole } from '../auth/permissions';
import { StaffRepository, StaffView } from '../auth/staff.repository';

/** Staff accounts (used by the staff routes and `npm run staff`); passwords are generated and shown once. */
@Injectable()
export class StaffService {
  constructor(private readonly staff: StaffRepository) {}

  async create(input: {
    username: string;
    role: StaffRole;
    operatorId: string | null;
  }): Promise<{ staff: StaffView; password: string }> {
    if (input.operatorId !== null && !(await this.staff.operatorExists(input.operatorId)))
      throw new LedgerError('OPERATOR_NOT_FOUND', `no operator ${input.operatorId}`);
    const password = generatePassword();
    const staff = await this.staff.insert({ ...input, passwordHash: await hashPassword(password) });
    if (!staff) throw new LedgerError('STAFF_EXISTS', `a staff member is named ${input.username}`);
    return { staff, password };
  }

  list(q: { operatorId?: string; limit: number; after?: string }): Promise<StaffView[]> {
    return this.staff.list(q);
  }

  /** Disables or enables an account; disabling ends its sessions. */
  async setStatus(id: string, status: 'active' | 'disabled'): Promise<StaffView> {
    const staff = await this.staff.setStatus(id, status);
    if (!staff) throw new LedgerError('STAFF_NOT_FOUND', `no staff member ${id}`);
    return staff;
  }

  /** A new generated password (shown once); the account's sessions end and its lock is lifted. */
  async resetPassword(id: string): Promise<{ staff: StaffView; password: string }> {
    const password = generatePassword();
    const staff = await this.staff.setPasswordHash(id, await hashPassword(password));
    if (!staff) throw new LedgerError('STAFF_NOT_FOUND', `no staff member ${id}`);
    return { staff, password };
  }
}
