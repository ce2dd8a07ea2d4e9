import { BetCommand, CasinoEvent, decodeEvent, RoundEvent, Topics } from '@casino/events';
import { pgErrorCode, Sql, sqlOf } from '@casino/wallet';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { AccountCache, AccountScope } from '../accounts/account-cache';
import { PostingBatch } from '../accounts/posting.batch';
import { decideBets } from '../bets/bet.service';
import { WriteBatch } from '../database/write.batch';
import { CommittedOutbox, InsertedOutboxRow, OutboxBatch, OutboxRow } from '../outbox/outbox.writer';
import { handleRoundEvent, RoundEffect } from '../rounds/round.handler';
import { handleShoeRevealed } from '../shoes/shoe-reveal.handler';
import { profiler } from './profiler';

export interface LedgerLog {
  log(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface BatchStats {
  messages: number;
  invalid: number;
  duplicates: number;
  accepted: number;
  rejected: number;
  cancelled: number;
  cancelRejected: number;
  rounds: Partial<Record<RoundEffect, number>>;
}

export interface IncomingMessage {
  value: Buffer | null;
  offset: string;
}

/** Deadlocks and serialization failures: the transaction is retried. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 6;

/**
 * The ledger's exactly-once core, free of Kafka. Bet commands: one transaction per batch. Round events (few, and
 * each settling a whole round): one transaction per event. Each transaction skips event ids already processed,
 * applies the rest, records their ids, posts its journal entries, then sends its queued writes and outgoing
 * events (outbox) in one statement. The committed outbox rows are handed to `onCommitted` (the relay), which
 * publishes them without reading them back.
 */
export class LedgerProcessor {
  private readonly accounts = new AccountCache();

  constructor(
    private readonly dataSource: DataSource,
    private readonly topics: Topics,
    private readonly logger: LedgerLog,
    private readonly onCommitted?: CommittedOutbox,
  ) {}

  async processBatch(topic: string, messages: readonly IncomingMessage[]): Promise<BatchStats> {
    return this.processBatches([{ topic, messages }]);
  }

  /**
   * Several batches (e.g. of different partitions, gathered by CommandCombiner) processed together: all their
   * bet commands in ONE transaction, in message order within each batch; round events one transaction each.
   */
  async processBatches(
    batches: readonly { topic: string; messages: readonly IncomingMessage[] }[],
  ): Promise<BatchStats> {
    const stats: BatchStats = {
      messages: 0,
      invalid: 0,
      duplicates: 0,
      accepted: 0,
      rejected: 0,
      cancelled: 0,
      cancelRejected: 0,
      rounds: {},
    };
    const events: CasinoEvent[] = [];
    const decodeStart = performance.now();
    for (const { topic, messages } of batches) {
      stats.messages += messages.length;
      for (const m of messages) {
        const decoded = decodeEvent(topic, m.value);
        if (decoded.ok) events.push(decoded.event);
        else {
          stats.invalid++;
          this.logger.warn(
            `skipping invalid message at ${topic}@${m.offset}: ${decoded.code} ${decoded.message}`,
          );
        }
      }
    }
    profiler.add('decode', performance.now() - decodeStart);
    const unique = [...new Map(events.map((e) => [e.id, e] as const)).values()];
    stats.duplicates += events.length - unique.length;
    const commands = unique.filter(isBetCommand);
    if (commands.length > 0) {
      profiler.add('batchSize', commands.length);
      await this.inTransaction('tx.bets', stats, async (sql, outbox, postings, accounts, writes) => {
        const decided = await decideBets(sql, commands, outbox, accounts, postings, writes);
        stats.duplicates += decided.duplicates;
        stats.accepted += decided.accepted;
        stats.rejected += decided.rejected;
        stats.cancelled += decided.cancelled;
        stats.cancelRejected += decided.cancelRejected;
      });
    }
    for (const event of unique) {
      if (isBetCommand(event)) continue;
      if (event.type === 'ShoeRevealed') {
        await this.inTransaction('tx.ShoeRevealed', stats, async (sql) => {
          if (await this.isFresh(sql, event, stats)) await handleShoeRevealed(sql, event, this.logger);
        });
        continue;
      }
      if (!isRoundEvent(event)) {
        this.logger.warn(`ignoring ${event.type} ${event.id}`);
        continue;
      }
      await this.inTransaction(`tx.${event.type}`, stats, async (sql, outbox, postings, accounts) => {
        if (!(await this.isFresh(sql, event, stats))) return;
        const effect = await handleRoundEvent(sql, event, outbox, accounts, postings, this.logger);
        stats.rounds[effect] = (stats.rounds[effect] ?? 0) + 1;
      });
    }
    return stats;
  }

  /** Records the event's id; false when it was processed before (a redelivery finds its id already there). */
  private async isFresh(sql: Sql, event: CasinoEvent, stats: BatchStats): Promise<boolean> {
    const inserted = await sql.rows(
      `INSERT INTO ledger_processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
      [event.id],
    );
    if (inserted.length === 0) stats.duplicates++;
    return inserted.length > 0;
  }

  private async inTransaction(
    name: string,
    stats: BatchStats,
    work: (
      sql: Sql,
      outbox: OutboxBatch,
      postings: PostingBatch,
      accounts: AccountScope,
      writes: WriteBatch,
    ) => Promise<void>,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const before = { ...stats, rounds: { ...stats.rounds } };
      const accounts = this.accounts.scope();
      let committed: OutboxRow[] = [];
      try {
        await profiler.time(name, () =>
          this.dataSource.transaction(async (m) => {
            const sql = sqlOf(m);
            const outbox = new OutboxBatch(this.topics);
            const postings = new PostingBatch();
            const writes = new WriteBatch();
            await work(sql, outbox, postings, accounts, writes);
            await profiler.time('postings', () => postings.flush(sql, writes));
            // Postings first: BalanceChanged events need the balances they leave.
            writes.add(outbox.statement());
            const inserted = await profiler.time('writes', () => writes.flush<InsertedOutboxRow>(sql));
            committed = outbox.rows(inserted);
          }),
        );
        accounts.committed();
        if (committed.length > 0) this.onCommitted?.(committed);
        return;
      } catch (err) {
        Object.assign(stats, before);
        const code = pgErrorCode(err);
        if (!code || !RETRYABLE.has(code) || attempt >= MAX_ATTEMPTS) throw err;
        this.logger.warn(`${name} hit ${code}, retrying (attempt ${attempt + 1})`);
        await new Promise((r) => setTimeout(r, 5 * attempt + (Date.now() % 7)));
      }
    }
  }
}

function isBetCommand(e: CasinoEvent): e is BetCommand {
  return e.type === 'PlaceBet' || e.type === 'CancelBet';
}

function isRoundEvent(e: CasinoEvent): e is RoundEvent {
  return (
    e.type === 'RoundOpened' ||
    e.type === 'BettingClosed' ||
    e.type === 'RoundResult' ||
    e.type === 'RoundVoided'
  );
}
