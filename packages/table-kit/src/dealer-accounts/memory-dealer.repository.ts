import { DealerAccount } from './dealer-account';
import { AuditEntry, AuditQuery, AuditRecord, DealerChange, DealerStore, NewDealer } from './dealer-store';

/** Most audit lines kept without a database; older ones are dropped. */
const MAX_AUDIT_ENTRIES = 10_000;

/**
 * The registry without DATABASE_URL (tests, local runs): no accounts survive a restart, so only the
 * development key can act, and its audit lines are kept in memory (the newest 10 000).
 */
export class MemoryDealerStore implements DealerStore {
  private readonly dealers = new Map<string, DealerAccount>();
  private readonly audit: AuditRecord[] = [];
  private nextId = 1;

  constructor(
    private readonly service: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  find(dealerId: string): Promise<DealerAccount | undefined> {
    return Promise.resolve(this.dealers.get(dealerId));
  }

  create(d: NewDealer): Promise<boolean> {
    if (this.dealers.has(d.dealerId)) return Promise.resolve(false);
    const at = this.now();
    this.dealers.set(d.dealerId, {
      ...d,
      service: this.service,
      status: 'active',
      createdAt: at,
      updatedAt: at,
    });
    return Promise.resolve(true);
  }

  update(dealerId: string, change: DealerChange): Promise<boolean> {
    const d = this.dealers.get(dealerId);
    if (!d) return Promise.resolve(false);
    this.dealers.set(dealerId, { ...d, ...change, updatedAt: this.now() });
    return Promise.resolve(true);
  }

  list(): Promise<DealerAccount[]> {
    return Promise.resolve([...this.dealers.values()].sort((a, b) => a.dealerId.localeCompare(b.dealerId)));
  }

  appendAudit(entry: AuditEntry): Promise<void> {
    this.audit.push({ ...entry, id: String(this.nextId++), at: this.now() });
    if (this.audit.length > MAX_AUDIT_ENTRIES) this.audit.shift();
    return Promise.resolve();
  }

  readAudit(q: AuditQuery): Promise<AuditRecord[]> {
    const after = q.after === undefined ? 0n : BigInt(q.after);
    const found = this.audit.filter(
      (r) =>
        BigInt(r.id) > after &&
        (q.tableId === undefined || r.tableId === q.tableId) &&
        (q.from === undefined || r.at >= q.from) &&
        (q.to === undefined || r.at < q.to),
    );
    return Promise.resolve(found.slice(0, q.limit));
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
