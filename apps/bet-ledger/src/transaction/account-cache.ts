import { AccountSpec, accountKey, ensureAccounts, Sql } from '@casino/wallet';

/**
 * Ids of system accounts (bets in play, house) by key, shared by the ledger's transactions. Accounts are never
 * deleted, but one created by a transaction that has not committed is invisible to the others (and gone if it
 * rolls back), so each transaction keeps its new ids in its own scope until it commits.
 */
export class AccountCache {
  private readonly known = new Map<string, string>();

  scope(): AccountScope {
    return new AccountScope(this.known);
  }
}

export class AccountScope {
  private readonly created = new Map<string, string>();

  constructor(
    private readonly known: Map<string, string>,
    private readonly outer?: AccountScope,
  ) {}

  /**
   * A scope for a savepoint that is rolled back: it sees this scope's accounts, and forgets those it creates
   * (they are rolled back with the savepoint). It is never committed.
   */
  nested(): AccountScope {
    return new AccountScope(this.known, this);
  }

  private idOf(key: string): string | undefined {
    return this.known.get(key) ?? this.created.get(key) ?? this.outer?.idOf(key);
  }

  async resolve(sql: Sql, specs: readonly AccountSpec[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const missing: AccountSpec[] = [];
    for (const spec of specs) {
      const key = accountKey(spec);
      const id = this.idOf(key);
      if (id !== undefined) out.set(key, id);
      else missing.push(spec);
    }
    if (missing.length > 0) {
      for (const [key, row] of await ensureAccounts(sql, missing)) {
        out.set(key, row.id);
        this.created.set(key, row.id);
      }
    }
    return out;
  }

  /** The transaction committed: its accounts exist for everyone. */
  committed(): void {
    for (const [k, v] of this.created) this.known.set(k, v);
  }
}

/** The id `resolve` found for `spec`; its absence is a bug of the caller, not a state to carry on from. */
export function accountIdOf(ids: ReadonlyMap<string, string>, spec: AccountSpec): string {
  const id = ids.get(accountKey(spec));
  if (id === undefined) throw new Error(`account ${accountKey(spec)} was not resolved`);
  return id;
}
