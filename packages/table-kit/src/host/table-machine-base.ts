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

/** What a step of the rules gives: the new state and, to a caller's input, its answer. */
export interface Handled<S, R> {
  state: S;
  reply?: R;
}

/** A finished round's events, kept in the table state so a restart can publish them again. */
interface FinishedRound {
  resultEvent?: CasinoEvent;
  voidEvent?: CasinoEvent;
}

/**
 * What every live table machine shares: its settings, randomness and clock, a fresh context per step, and the
 * step result built from what the step emitted. The rules themselves (the first state, each input, a restart,
 * snapshots) are each game's.
 */
export abstract class TableMachineBase<
  S,
  I,
  R,
  C extends { timers: { resultMs: number } },
> implements TableMachine<S, I, R> {
  readonly holdsCloseForDecisions: boolean = true;

  constructor(
    readonly config: C,
    protected readonly random: RandomSource,
    protected readonly clock: Clock,
  ) {}

  initial(): StepResult<S, I, R> {
    return this.run((ctx) => ({ state: this.firstState(ctx) }));
  }

  step(state: S, input: I): StepResult<S, I, R> {
    return this.run((ctx) => this.onInput(state, input, ctx));
  }

  resume(state: S): StepResult<S, I, R> {
    return this.run((ctx) => ({ state: this.onRestart(state, ctx) }));
  }

  ledgerUnreachable(state: S, roundId: string): StepResult<S, I, R> {
    return this.run((ctx) => ({ state: this.onLedgerUnreachable(state, roundId, ctx) }));
  }

  abstract toSnapshot(state: S): unknown;
  abstract fromSnapshot(snapshot: unknown): S | undefined;

  /** The table as it starts: empty, its first round opened when it can be. */
  protected abstract firstState(ctx: TableStepContext<C, I>): S;

  /** One input under the game's rules. */
  protected abstract onInput(state: S, input: I, ctx: TableStepContext<C, I>): Handled<S, R>;

  /** After a restart: void a round that had not started, resume one that had, restart timers. */
  protected abstract onRestart(state: S, ctx: TableStepContext<C, I>): S;

  /**
   * The ledger has not decided bets of round `roundId` past its close: the game voids the round (every stake the
   * ledger took is refunded when it returns) unless its result is out. By default the round goes on.
   */
  protected onLedgerUnreachable(state: S, _roundId: string, _ctx: TableStepContext<C, I>): S {
    return state;
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
  ): S {
    if (round?.resultEvent) ctx.fx.publish(round.resultEvent);
    if (round?.voidEvent) ctx.fx.publish(round.voidEvent);
    ctx.fx.schedule('next', this.config.timers.resultMs, next);
    return state;
  }

  /** Runs a step in a fresh context; its effects are what the step emitted. */
  private run(work: (ctx: TableStepContext<C, I>) => Handled<S, R>): StepResult<S, I, R> {
    const ctx = { config: this.config, random: this.random, now: this.clock.now(), fx: new Effects<I>() };
    const { state, reply } = work(ctx);
    return { state, effects: ctx.fx.list, reply };
  }
}
