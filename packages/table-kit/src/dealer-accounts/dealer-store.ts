import { DealerAccount, DealerStatus } from './dealer-account';

/** One line of the dealer audit log, as written. */
export interface AuditEntry {
  dealerId: string;
  /** null for a login (no table). */
  tableId: string | null;
  /** The console route (`card`, `void`, `pocket`, …) or `login`. */
  action: string;
  /** A short summary of the request body (never a password). */
  body: string | null;
  /** `ok`, or the refusal's code. */
  result: string;
  clientIp: string | null;
}

export interface AuditRecord extends AuditEntry {
  /** Increasing; the page cursor. */
  id: string;
  at: Date;
}

export interface AuditQuery {
  tableId?: string;
  from?: Date;
  to?: Date;
  /** Entries after this id (the previous page's `next`). */
  after?: string;
  limit: number;
}

export type NewDealer = Pick<DealerAccount, 'dealerId' | 'displayName' | 'passwordHash' | 'tables'>;

export interface DealerChange {
  passwordHash?: string;
  status?: DealerStatus;
  tables?: string[];
}

/** The dealer registry and audit log of one game service. */
export interface DealerStore {
  find(dealerId: string): Promise<DealerAccount | undefined>;
  /** false when the dealer id is taken. */
  create(dealer: NewDealer): Promise<boolean>;
  /** false when there is no such dealer. */
  update(dealerId: string, change: DealerChange): Promise<boolean>;
  list(): Promise<DealerAccount[]>;
  appendAudit(entry: AuditEntry): Promise<void>;
  /** Oldest first. */
  readAudit(query: AuditQuery): Promise<AuditRecord[]>;
  close(): Promise<void>;
}
