import { z } from 'zod';

/** Every table of the service: a pit boss's scope. */
export const ALL_TABLES = '*';

/** Who acts through the shared development key (DEALER_API_KEY) in the audit log. */
export const AUTOMATION_DEALER_ID = 'automation';

export type DealerStatus = 'active' | 'suspended';

/** A dealer account of one game service, as the registry keeps it (the hash never leaves the service). */
export interface DealerAccount {
  service: string;
  dealerId: string;
  displayName: string;
  passwordHash: string;
  status: DealerStatus;
  tables: string[];
  createdAt: Date;
  updatedAt: Date;
}

/** The dealer behind a request, once the guard has checked the token or the development key. */
export interface DealerIdentity {
  dealerId: string;
  tables: readonly string[];
}

export const dealerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'a dealer id is 1-64 letters, digits, . _ - (not first)');

/** The same shape as TABLES' ids (table-settings.ts). */
const tableIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9._-]{1,48}$/, 'table id: 1-48 characters of A-Z a-z 0-9 . _ -');

/** The tables of an account: `*` alone, or distinct table ids. */
export const dealerTablesSchema = z
  .array(z.union([z.literal(ALL_TABLES), tableIdSchema]))
  .min(1, 'a dealer needs at least one table (or *)')
  .max(500)
  .refine((t) => !t.includes(ALL_TABLES) || t.length === 1, '* stands alone')
  .refine((t) => new Set(t).size === t.length, 'a table is listed twice');

export const passwordSchema = z
  .string()
  .min(12, 'a dealer password has at least 12 characters')
  .max(256, 'a dealer password has at most 256 characters');

export function mayRunTable(tables: readonly string[], tableId: string): boolean {
  return tables.includes(ALL_TABLES) || tables.includes(tableId);
}

export function isPitBoss(dealer: DealerIdentity): boolean {
  return dealer.tables.includes(ALL_TABLES);
}
