import { Topics } from '@casino/events';
import { pgErrorCode } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { WriteBatch } from '../database/write.batch';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { CommittedOutbox, InsertedOutboxRow, OutboxBatch, OutboxRow } from '../outbox/outbox.writer';
import { AccountCache } from './account-cache';
import { EndOfTransactionRegistry } from './end-of-transaction';
import { PostingBatch } from './posting.batch';
import { PreparedStatements } from './prepared-sql';
import { TransactionContext } from './transaction-context';

/** Deadlocks and serialization failures: the transaction is retried. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 6;

/**
 * Runs use cases in ledger transactions: builds their context (its statements prepared once they repeat), then,
 * after the work, posts the journal entries and sends the queued writes and the outbox in one statement; retries deadlocks and serialization failures from
 * the start; hands the committed outbox rows to the relay (`onCommitted`), which publishes them without reading
 * them back.
 */
export class TransactionRunner {
  private readonly accounts = new AccountCache();
  private readonly statements = new PreparedStatements();
  /** The bets-in-play shard its transactions stake into (TransactionContext.inPlayShard): the consumer's slot. */
  inPlayShard = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly topics: Topics,
    private readonly log: LedgerLog,
    private readonly onCommitted?: CommittedOutbox,
    /** The writers of rows other modules keep per transaction; they register themselves at start-up. */
    readonly endWriters = new EndOfTransactionRegistry(),
  ) {}

  /** `work` may run more than once (on a retry): it must keep its effects inside the context until it returns. */
  async run<T>(name: string, work: (ctx: TransactionContext) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      const accounts = this.accounts.scope();
      let committed: OutboxRow[] = [];
      const afterCommit: (() => void)[] = [];
      try {
        const result = await profiler.time(name, () =>
          this.dataSource.transaction(async (m) => {
            const ctx: TransactionContext = {
              sql: this.statements.sqlOf(m),
              writes: new WriteBatch(),
              postings: new PostingBatch(),
              final: this.endWriters.open(new Date().toISOString()),
              outbox: new OutboxBatch(this.topics),
              accounts,
              inPlayShard: this.inPlayShard,
              profiler,
              log: this.log,
              afterCommit,
            };
            const value = await work(ctx);
            await profiler.time('postings', () => ctx.postings.flush(ctx.sql, ctx.writes));
            // Postings first: BalanceChanged events need the balances they leave. The end writers' rows after the
            // accounts, in their registered order, in every transaction.
            for (const statement of ctx.final.statements()) ctx.writes.add(statement);
            ctx.writes.add(ctx.outbox.statement());
            const inserted = await profiler.time('writes', () =>
              ctx.writes.flush<InsertedOutboxRow>(ctx.sql),
            );
            committed = ctx.outbox.rows(inserted);
            return value;
          }),
        );
        accounts.committed();
        if (committed.length > 0) this.onCommitted?.(committed);
        // Observers only: one that fails must not make a committed transaction look failed.
        try {
          for (const hook of afterCommit) hook();
        } catch (err) {
          this.log.warn(`${name}: an after-commit hook failed: ${(err as Error).message}`);
        }
        return result;
      } catch (err) {
        const code = pgErrorCode(err);
        if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
        this.log.warn(`${name} hit ${code}, retrying (attempt ${attempt + 1})`);
        await new Promise((r) => setTimeout(r, 5 * attempt + (Date.now() % 7)));
      }
    }
  }
}
