import { BetCommand } from '@casino/events';
import { RetryControls, RetryPolicy } from '../quarantine/retry.policy';
import { QuarantineParker } from '../quarantine/quarantine.parker';
import { GroupDecider } from './command.combiner';
import {
  addStats,
  BatchStats,
  emptyStats,
  IncomingBatch,
  LedgerProcessor,
  openingsFirst,
  Received,
} from './ledger.processor';

/** What a failed unit has been through, for the row of the command finally parked. */
interface History {
  failures: number;
  firstFailedAt?: Date;
}

/**
 * Decides bet commands so that one bad command never blocks the others. A transaction that fails for a
 * transient reason is retried without end (RetryPolicy); one that fails otherwise is retried a bounded number of
 * times, then split in two halves decided in order, recursively (a bisection: about 2·log2(n) transactions find
 * one culprit among n), and a single command that still fails is parked. Order holds: every command of the left
 * half is decided before any of the right half, and a player's commands are contiguous within a partition's batch.
 */
export class PoisonIsolator implements GroupDecider {
  constructor(
    private readonly processor: LedgerProcessor,
    private readonly policy: RetryPolicy,
    private readonly parker: QuarantineParker,
  ) {}

  /** Batches as consumed: decoded (what does not decode is parked), openings applied, commands decided, the rest applied. */
  async decideGroup(batches: readonly IncomingBatch[], controls: RetryControls = {}): Promise<BatchStats> {
    const stats = emptyStats();
    const { commands, roundEvents } = await this.processor.decode(batches, stats, controls);
    const { openings, others } = openingsFirst(roundEvents);
    await this.processor.applyRoundEvents(openings, stats, controls);
    addStats(stats, await this.decide(commands, controls));
    await this.processor.applyRoundEvents(others, stats, controls);
    return stats;
  }

  async decide(commands: readonly Received<BetCommand>[], controls: RetryControls = {}): Promise<BatchStats> {
    if (commands.length === 0) return emptyStats();
    return this.unit(commands, this.policy.options.attempts, { failures: 0 }, controls);
  }

  private async unit(
    commands: readonly Received<BetCommand>[],
    attempts: number,
    history: History,
    controls: RetryControls,
  ): Promise<BatchStats> {
    const r = await this.policy.attempt(
      commands.length === 1 ? `tx.bets(${commands[0].event.id})` : `tx.bets(${commands.length})`,
      () => this.processor.decideCommands(commands),
      controls,
      attempts,
    );
    if (r.ok) return r.value;
    const seen: History = {
      failures: history.failures + r.attempts,
      firstFailedAt: history.firstFailedAt ?? r.firstFailedAt,
    };
    if (commands.length === 1) {
      const [{ event, origin, payload }] = commands;
      await this.parker.park(
        {
          origin,
          payload,
          event,
          failure: r.failure,
          attempts: seen.failures,
          firstFailedAt: seen.firstFailedAt ?? r.firstFailedAt,
        },
        controls,
      );
      return { ...emptyStats(), parked: 1 };
    }
    const middle = Math.ceil(commands.length / 2);
    const stats = emptyStats();
    for (const half of [commands.slice(0, middle), commands.slice(middle)]) {
      // A half is tried once; a single command gets every attempt before it is parked.
      const tries = half.length === 1 ? this.policy.options.attempts : 1;
      addStats(stats, await this.unit(half, tries, seen, controls));
    }
    return stats;
  }
}
