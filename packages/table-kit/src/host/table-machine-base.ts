import { RandomSource } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { Clock } from '../timers/clock';
import { Effects, StepResult, TableMachine } from './table-machine';

/** What one step of a table may use: its settings, randomness, the clock, and the effects it emits. */
export interface TableStepContext<C, I> {
  config: C;
  random: RandomSource;
  now: number;
  fx: Effects<I>;
}

/** A finished round's events, kept in the table state so a restart can publish them again. */
interface FinishedRound {
  resultEvent?: CasinoEvent;
  voidEvent?: CasinoEvent;
}

/**
 * What every live table machine shares: its settings, randomness and clock, a fresh context per step, and the
 * step result. The rules themselves (initial, step, resume, snapshots) are each game's.
 */
export abstract class TableMachineBase<
  S,
  I,
  R,
  C extends { timers: { resultMs: number } },
> implements TableMachine<S, I, R> {
  constructor(
    readonly config: C,
    protected readonly random: RandomSource,
    protected readonly clock: Clock,
  ) {}

  abstract initial(): StepResult<S, I, R>;
  abstract step(state: S, input: I): StepResult<S, I, R>;
  abstract resume(state: S): StepResult<S, I, R>;
  abstract toSnapshot(state: S): unknown;
  abstract fromSnapshot(snapshot: unknown): S | undefined;

  protected context(): TableStepContext<C, I> {
    return { config: this.config, random: this.random, now: this.clock.now(), fx: new Effects<I>() };
  }

  protected done(state: S, ctx: TableStepContext<C, I>, reply?: R): StepResult<S, I, R> {
    return { state, effects: ctx.fx.list, reply };
  }

  /**
   * After a restart in the result phase: the round's result (or void) is published again — same event id, so
   * the ledger applies it once — and the next round follows after the usual pause.
   */
  protected resumeFinished(
    state: S,
    round: FinishedRound | null | undefined,
    ctx: TableStepContext<C, I>,
    next: I,
  ): StepResult<S, I, R> {
    if (round?.resultEvent) ctx.fx.publish(round.resultEvent);
    if (round?.voidEvent) ctx.fx.publish(round.voidEvent);
    ctx.fx.schedule('next', this.config.timers.resultMs, next);
    return this.done(state, ctx);
  }
}
