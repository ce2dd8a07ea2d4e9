import { CardTableMachineBase, Handled, isBookInput, stepBookInput } from '@casino/table-kit/core';
import { StudioTableConfig } from '../config/studio-config';
import { dealerCommand } from './dealer-commands';
import { placeBet } from './place-bet';
import { closeBetting, nextRound, openRound, showResult, voidRound } from './round-flow';
import { StudioInput, StudioReply, StudioTableState } from './studio-table.state';
import { TableContext } from './table-context';

/** One table of a studio game (Dragon Tiger, Football Studio, Sic Bo, Fan Tan) as a state machine. */
export class StudioTableMachine extends CardTableMachineBase<
  StudioTableState,
  StudioInput,
  StudioReply,
  StudioTableConfig
> {
  protected firstState(ctx: TableContext): StudioTableState {
    const state: StudioTableState = {
      version: 1,
      tableId: this.config.id,
      game: this.config.game,
      phase: 'result',
      round: null,
      shoe: null,
      revealed: [],
      seeds: null,
      history: [],
      roundsOpened: 0,
    };
    return openRound(state, ctx);
  }

  protected onInput(
    state: StudioTableState,
    input: StudioInput,
    ctx: TableContext,
  ): Handled<StudioTableState, StudioReply> {
    if (isBookInput(input)) return stepBookInput(state, input, state.game, ctx.fx);
    switch (input.kind) {
      case 'timer':
        if (input.timer === 'close') return { state: closeBetting(state, ctx) };
        if (input.timer === 'draw') return { state: showResult(state, ctx) };
        return { state: state.phase === 'result' ? nextRound(state, ctx) : state };
      case 'placeBet':
        return placeBet(state, ctx, input.player, input.bet, input.roundId);
      case 'dealer':
        return dealerCommand(state, ctx, input.command);
    }
  }

  /**
   * After a restart: a round still taking bets is voided 'not-started' (refunded); a drawn one is completed with
   * its persisted result (the seeds committed to, or the cards already dealt), a studio one still waits for its
   * dealer; a finished one has its result published again with the same event id.
   */
  protected onRestart(state: StudioTableState, ctx: TableContext): StudioTableState {
    switch (state.phase) {
      case 'betting':
        return voidRound(state, ctx, 'not-started', 'service restarted before the draw');
      case 'drawing':
        // A studio round waits for its dealer's entry as before.
        if (state.round?.result)
          ctx.fx.schedule('draw', this.config.timers.drawMs, { kind: 'timer', timer: 'draw' });
        return state;
      case 'result':
        return this.resumeFinished(state, state.round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  /** The ledger has not decided the round's bets (it is unreachable): a round without its result is voided. */
  protected override onLedgerUnreachable(
    state: StudioTableState,
    roundId: string,
    ctx: TableContext,
  ): StudioTableState {
    if (state.round?.roundId !== roundId || (state.phase !== 'betting' && state.phase !== 'drawing'))
      return state;
    return voidRound(state, ctx, 'malfunction', 'the ledger did not decide the bets');
  }

  override fromSnapshot(snapshot: unknown): StudioTableState | undefined {
    const s = super.fromSnapshot(snapshot);
    return s && s.tableId === this.config.id && s.game === this.config.game ? s : undefined;
  }
}
