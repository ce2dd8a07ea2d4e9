import { WriteBatch } from '../database/write.batch';
import { PostingBatch } from './posting.batch';
import { TransactionContext } from './transaction-context';

/**
 * Runs `work` inside the transaction as a dry run: in a savepoint that is rolled back whatever `work` did (its
 * statements' rows and locks go with it). Its context queues into batches of its own that are never written,
 * creates accounts in a nested scope that is forgotten, and runs nothing after the commit; what it decided is
 * read from its outbox's events.
 */
export async function dryRun<T>(
  ctx: TransactionContext,
  work: (dry: TransactionContext) => Promise<T>,
): Promise<T> {
  await ctx.sql.rows('SAVEPOINT dry_run');
  const dry: TransactionContext = {
    sql: ctx.sql,
    writes: new WriteBatch(),
    postings: new PostingBatch(),
    final: ctx.final.sibling(),
    outbox: ctx.outbox.sibling(),
    accounts: ctx.accounts.nested(),
    inPlayShard: ctx.inPlayShard,
    profiler: ctx.profiler,
    log: ctx.log,
    afterCommit: [],
  };
  try {
    return await work(dry);
  } finally {
    await ctx.sql.rows('ROLLBACK TO SAVEPOINT dry_run');
  }
}
