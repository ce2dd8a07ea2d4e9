import { BetCommand, CasinoEvent, decodeEvent, Topics } from '@casino/events';
import { performance } from 'node:perf_hooks';
import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { CommittedOutbox } from '../outbox/outbox.writer';
import { RoundEffect } from '../rounds/round-effect';
import { recordProcessed } from '../transaction/processed-events';
import { TransactionContext } from '../transaction/transaction-context';
import { TransactionRunner } from '../transaction/transaction.runner';
import { decideBetCommands } from '../use-cases/bet-commands/decide-bet-commands.use-case';
import { closeRound } from '../use-cases/close-round/close-round.use-case';
import { openRound } from '../use-cases/open-round/open-round.use-case';
import { revealShoe } from '../use-cases/reveal-shoe/reveal-shoe.use-case';
import { settleRound } from '../use-cases/settle-round/settle-round.use-case';
import { voidRound } from '../use-cases/void-round/void-round.use-case';

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

export const emptyStats = (): BatchStats => ({
  messages: 0,
  invalid: 0,
  duplicates: 0,
  accepted: 0,
  rejected: 0,
  cancelled: 0,
  cancelRejected: 0,
  rounds: {},
});

/**
 * The ledger's exactly-once core, free of Kafka: decodes messages at the edge, drops repeated event ids, and
 * hands each event to its use case inside a transaction (TransactionRunner). Bet commands: one transaction per
 * batch. Round events (few, and each settling a whole round) and revealed shoes: one transaction per event, which
 * first records the event's id so a redelivery changes nothing.
 */
export class LedgerProcessor {
  private readonly transactions: TransactionRunner;

  constructor(
    dataSource: DataSource,
    topics: Topics,
    private readonly logger: LedgerLog,
    onCommitted?: CommittedOutbox,
  ) {
    this.transactions = new TransactionRunner(dataSource, topics, logger, onCommitted);
  }

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
    const stats = emptyStats();
    const unique = this.decode(batches, stats);
    const commands = unique.filter(isBetCommand);
    if (commands.length > 0) {
      profiler.add('batchSize', commands.length);
      const decided = await this.transactions.run('tx.bets', (ctx) => decideBetCommands(ctx, commands));
      stats.duplicates += decided.duplicates;
      stats.accepted += decided.accepted;
      stats.rejected += decided.rejected;
      stats.cancelled += decided.cancelled;
      stats.cancelRejected += decided.cancelRejected;
    }
    for (const event of unique) {
      if (isBetCommand(event)) continue;
      const useCase = useCaseOf(event);
      if (!useCase) {
        this.logger.warn(`ignoring ${event.type} ${event.id}`);
        continue;
      }
      const effect = await this.transactions.run(`tx.${event.type}`, async (ctx) =>
        (await recordProcessed(ctx.sql, event.id)) ? useCase(ctx) : 'duplicate',
      );
      if (effect === 'duplicate') stats.duplicates++;
      else if (effect !== 'recorded') stats.rounds[effect] = (stats.rounds[effect] ?? 0) + 1;
    }
    return stats;
  }

  /** Decodes every message (invalid ones are logged and skipped) and drops repeated event ids. */
  private decode(
    batches: readonly { topic: string; messages: readonly IncomingMessage[] }[],
    stats: BatchStats,
  ): CasinoEvent[] {
    const decodeStart = performance.now();
    const events: CasinoEvent[] = [];
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
    return unique;
  }
}

/** The use case a round or shoe event calls; undefined for events the ledger does not consume. */
function useCaseOf(
  event: CasinoEvent,
): ((ctx: TransactionContext) => Promise<RoundEffect | 'recorded'>) | undefined {
  switch (event.type) {
    case 'RoundOpened':
      return (ctx) => openRound(ctx, event);
    case 'BettingClosed':
      return (ctx) => closeRound(ctx, event);
    case 'RoundResult':
      return (ctx) => settleRound(ctx, event);
    case 'RoundVoided':
      return (ctx) => voidRound(ctx, event);
    case 'ShoeRevealed':
      return async (ctx) => {
        await revealShoe(ctx, event);
        return 'recorded';
      };
    default:
      return undefined;
  }
}

function isBetCommand(e: CasinoEvent): e is BetCommand {
  return e.type === 'PlaceBet' || e.type === 'CancelBet';
}
