import { stepBookInput, StepResult, TableMachineBase } from '@casino/table-kit';
import { RouletteTableConfig } from '../config/roulette-config';
import { dealerCommand } from './dealer-commands';
import { placeBet } from './place-bet';
import { RouletteInput, RouletteReply, RouletteTableState } from './roulette-table.state';
import { ballStopped, closeBetting, nextRound, openRound, voidRound } from './round-flow';

type Result = StepResult<RouletteTableState, RouletteInput, RouletteReply>;

/** One roulette table as a state machine. */
export class RouletteTableMachine extends TableMachineBase<
  RouletteTableState,
  RouletteInput,
  RouletteReply,
  RouletteTableConfig
> {
  initial(): Result {
    const ctx = this.context();
    const state: RouletteTableState = {
      version: 1,
      tableId: this.config.id,
      phase: 'closed',
      wheel: this.config.readyAtBoot
        ? { ready: true, declaredBy: 'configuration', declaredAt: ctx.now, closeAfterRound: false }
        : { ready: false, closeAfterRound: false },
      round: null,
      history: [],
    };
    return this.done(openRound(state, ctx), ctx);
  }

  step(state: RouletteTableState, input: RouletteInput): Result {
    const ctx = this.context();
    switch (input.kind) {
      case 'timer':
        if (input.timer === 'close') return this.done(closeBetting(state, ctx), ctx);
        if (input.timer === 'spin') {
          const spin = state.round?.spin;
          return this.done(state.phase === 'spinning' && spin ? ballStopped(state, ctx, spin) : state, ctx);
        }
        return this.done(state.phase === 'result' ? nextRound(state, ctx) : state, ctx);
      case 'placeBet': {
        const r = placeBet(state, ctx, input.player, input.bet, input.roundId);
        return this.done(r.state, ctx, r.reply);
      }
      case 'decision':
      case 'cancelBet':
      case 'cancelDecision':
      case 'finalBets':
      case 'settled': {
        // One basic bet per cancel (an announced bet's refs are withdrawn one by one).
        const r = stepBookInput(state, input, 'roulette', ctx.fx);
        return this.done(r.state, ctx, r.reply);
      }
      case 'dealer': {
        const r = dealerCommand(state, ctx, input.command);
        return this.done(r.state, ctx, r.reply);
      }
    }
  }

  /**
   * After a restart: a spin whose ball was not launched is voided 'not-started' (refunded); a launched one is
   * completed (the automatic wheel's spin was drawn at launch and persisted); a finished one has its result
   * published again with the same event id.
   */
  resume(state: RouletteTableState): Result {
    const ctx = this.context();
    const round = state.round;
    switch (state.phase) {
      case 'closed':
        return this.done(state, ctx);
      case 'betting':
        return this.done(voidRound(state, ctx, 'not-started', 'service restarted before the spin'), ctx);
      case 'spinning':
        if (round?.launchedAt === undefined)
          return this.done(voidRound(state, ctx, 'not-started', 'service restarted before the spin'), ctx);
        if (round.spin) ctx.fx.schedule('spin', this.config.timers.spinMs, { kind: 'timer', timer: 'spin' });
        return this.done(state, ctx);
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  toSnapshot(state: RouletteTableState): unknown {
    return state;
  }

  fromSnapshot(snapshot: unknown): RouletteTableState | undefined {
    const s = snapshot as RouletteTableState | undefined;
    return s && s.version === 1 && s.tableId === this.config.id ? s : undefined;
  }
}
