import { Sql } from '@casino/wallet';
import { WriteBatch } from '../database/write.batch';
import { LedgerLog } from '../observability/ledger-log';
import { Profiler } from '../observability/profiler';
import { OutboxBatch } from '../outbox/outbox.writer';
import { AccountScope } from './account-cache';
import { EndOfTransactionWriters } from './end-of-transaction';
import { PostingBatch } from './posting.batch';

/**
 * Everything a use case needs inside one ledger transaction. What it queues (journal entries, writes, outgoing
 * events) is sent at the end of the transaction by TransactionRunner, so it commits or vanishes with it.
 */
export interface TransactionContext {
  /** Statements that must run now (locks, reads, writes whose rows a later statement needs). */
  readonly sql: Sql;
  /** Independent writes, sent together in one statement at the end. */
  readonly writes: WriteBatch;
  /** Journal entries, posted at the end (before the outbox: BalanceChanged needs the balances they leave). */
  readonly postings: PostingBatch;
  /**
   * Rows other modules keep per transaction (the players' gambling usage, the report rollups), written once at its
   * end after the postings (so their rows are locked last): end-of-transaction.ts. Its `at` is the transaction's
   * time: the periods and limits in force.
   */
  readonly final: EndOfTransactionWriters;
  /** Outgoing events, published once the transaction has committed. */
  readonly outbox: OutboxBatch;
  /** Ids of system accounts (bets in play, house); new ones become shared when the transaction commits. */
  readonly accounts: AccountScope;
  /**
   * The shard of each table's bets-in-play account this process stakes bets into (its consumer slot), so that two
   * ledger instances deciding bets of one table lock different rows (docs/ledger.md#bets-in-play-shards).
   */
  readonly inPlayShard: number;
  readonly profiler: Profiler;
  readonly log: LedgerLog;
  /** Run once the transaction has committed (metrics, per-bet log lines); never on a rollback or a retry. */
  readonly afterCommit?: (() => void)[];
}
