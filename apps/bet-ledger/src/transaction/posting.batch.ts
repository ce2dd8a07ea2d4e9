import { EntryInput, postEntries, postingCtes, Sql } from '@casino/wallet';
import { WriteBatch } from '../database/write.batch';

/**
 * The journal entries of one transaction, posted in one go near its end. postEntries locks player wallets first,
 * then the hot system accounts (bets in play, house), which are thus held only until the commit. Work that needs
 * the balances after the posting (BalanceChanged) runs in afterPost callbacks, before the outbox is written.
 */
export class PostingBatch {
  private readonly entries: EntryInput[] = [];
  private readonly after: ((balances: ReadonlyMap<string, bigint>) => void)[] = [];
  private lockedInOrder = false;

  add(entry: EntryInput): void {
    this.entries.push(entry);
  }

  /** Runs once the entries are posted, with the balance after them of every account they changed. */
  afterPost(callback: (balances: ReadonlyMap<string, bigint>) => void): void {
    this.after.push(callback);
  }

  /** The transaction already holds every account the entries touch, locked in ACCOUNT_LOCK_ORDER. */
  accountsLockedInOrder(): void {
    this.lockedInOrder = true;
  }

  /**
   * Posts the entries now; or, when the accounts are locked and nothing waits for the balances, queues them on
   * `writes` to go out with the transaction's other writes (one round trip fewer).
   */
  async flush(sql: Sql, writes: WriteBatch): Promise<void> {
    if (this.lockedInOrder && this.after.length === 0) {
      const ctes = postingCtes(this.entries);
      if (ctes) writes.add({ text: ctes.text, params: ctes.params, cteList: true });
      return;
    }
    const posted =
      this.entries.length > 0
        ? await postEntries(sql, this.entries, { lockedInOrder: this.lockedInOrder })
        : undefined;
    const balances = posted?.balances ?? new Map<string, bigint>();
    for (const callback of this.after) callback(balances);
  }
}
