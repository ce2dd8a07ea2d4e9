import {
  Handled,
  isBookInput,
  roundBookApart,
  roundBookJoined,
  stepBookInput,
  TableMachineBase,
} from '@casino/table-kit/core';
import { RouletteTableConfig } from '../config/roulette-config';
import { dealerCommand } from './dealer-commands';
import { placeBet } from './place-bet';
import { RouletteInput, RouletteReply, RouletteTableState } from './roulette-table.state';
import { ballStopped, closeBetting, launch, nextRound, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

/** One roulette table as a state machine. */
export class RouletteTableMachine extends TableMachineBase<
  RouletteTableState,
  RouletteInput,
  RouletteReply,
  RouletteTableConfig
> {
  protected firstState(ctx: TableContext): RouletteTableState {
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
    return openRound(state, ctx);
  }

  protected onInput(
    state: RouletteTableState,
    input: RouletteInput,
    ctx: TableContext,
  ): Handled<RouletteTableState, RouletteReply> {
    // One basic bet per cancel (an announced bet's refs are withdrawn one by one).
    if (isBookInput(input)) return stepBookInput(state, input, 'roulette', ctx.fx);
    switch (input.kind) {
      case 'timer':
        if (input.timer === 'close') return { state: closeBetting(state, ctx) };
        if (input.timer === 'spin') {
          const spin = state.round?.spin;
          return { state: state.phase === 'spinning' && spin ? ballStopped(state, ctx, spin) : state };
        }
        return { state: state.phase === 'result' ? nextRound(state, ctx) : state };
      case 'placeBet':
        return placeBet(state, ctx, input.player, input.bet, input.roundId);
      case 'dealer':
        return dealerCommand(state, ctx, input.command);
    }
  }

  /**
   * After a restart: a round still taking bets is voided 'not-started' (refunded: the ledger has it open). A round
   * past "no more bets" is completed, never voided (the ledger would hold that void for a pit boss,
   * docs/ledger.md#voids-after-betting-closed): the automatic wheel's launched spin was drawn at launch and
   * persisted, one not launched yet is launched now; a studio wheel waits for its dealer as before. A finished
   * round has its result published again with the same event id.
   */
  protected onRestart(state: RouletteTableState, ctx: TableContext): RouletteTableState {
    const round = state.round;
    switch (state.phase) {
      case 'closed':
        return state;
      case 'betting':
        return voidRound(state, ctx, 'not-started', 'service restarted before the spin');
      case 'spinning':
        if (round?.launchedAt === undefined)
          return this.config.dealer === 'auto' ? launch(state, ctx) : state;
        if (round.spin) ctx.fx.schedule('spin', this.config.timers.spinMs, { kind: 'timer', timer: 'spin' });
        return state;
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  /** The ledger has not decided the spin's bets (it is unreachable): a spin without its result is voided. */
  protected override onLedgerUnreachable(
    state: RouletteTableState,
    roundId: string,
    ctx: TableContext,
  ): RouletteTableState {
    if (state.round?.roundId !== roundId || (state.phase !== 'betting' && state.phase !== 'spinning'))
      return state;
    return voidRound(state, ctx, 'malfunction', 'the ledger did not decide the bets');
  }

  /** The round's bets apart: a save writes the bets that changed, not the whole book. */
  toSnapshot(state: RouletteTableState): unknown {
    return roundBookApart(state);
  }

  fromSnapshot(snapshot: unknown): RouletteTableState | undefined {
    const s = roundBookJoined(snapshot) as RouletteTableState | undefined;
    return s && s.version === 1 && s.tableId === this.config.id ? s : undefined;
  }
}
