import { CardTableMachineBase, Handled, isBookInput, stepBookInput } from '@casino/table-kit/core';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratInput, BaccaratTableState } from './baccarat-table.state';
import { dealerCommand } from './dealer-commands';
import { placeBet } from './place-bet';
import { closeBetting, drawCard, nextRound, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

/** One live baccarat table (commission or no-commission) as a state machine. */
export class BaccaratTableMachine extends CardTableMachineBase<
  BaccaratTableState,
  BaccaratInput,
  BaccaratReply,
  BaccaratTableConfig
> {
  protected firstState(ctx: TableContext): BaccaratTableState {
    const empty: BaccaratTableState = {
      tableId: this.config.id,
      phase: 'waiting-shoe',
      shoe: null,
      round: null,
      noBetNext: false,
      history: [],
      revealed: [],
    };
    return openRound(empty, ctx);
  }

  protected onInput(
    state: BaccaratTableState,
    input: BaccaratInput,
    ctx: TableContext,
  ): Handled<BaccaratTableState, BaccaratReply> {
    if (isBookInput(input)) return stepBookInput(state, input, 'baccarat', ctx.fx);
    switch (input.kind) {
      case 'timer':
        if (input.timer === 'close') return { state: closeBetting(state, ctx) };
        if (input.timer === 'card') return { state: drawCard(state, ctx) };
        return { state: state.phase === 'result' ? nextRound(state, ctx) : state };
      case 'placeBet':
        return placeBet(state, ctx, input.player, input.type, input.stake, input.roundId);
      case 'dealer':
        return dealerCommand(state, ctx, input.command);
    }
  }

  /**
   * After a restart: a round that had not started (betting, or closed without a card) is voided 'not-started'
   * and the ledger refunds it; a started round is completed; a finished one has its result published again
   * (same event id, so the ledger applies it once) and the table moves on.
   */
  protected onRestart(state: BaccaratTableState, ctx: TableContext): BaccaratTableState {
    const round = state.round;
    switch (state.phase) {
      case 'waiting-shoe':
        return state;
      case 'betting':
      case 'dealing':
        if (round && round.cards.length === 0) {
          const shoe = state.shoe ? { ...state.shoe, roundsDealt: state.shoe.roundsDealt - 1 } : null;
          return voidRound({ ...state, shoe }, ctx, 'not-started', 'service restarted before the deal');
        }
        if (this.config.dealer === 'auto')
          ctx.fx.schedule('card', this.config.timers.cardMs, { kind: 'timer', timer: 'card' });
        return state;
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  /** The ledger has not decided the round's bets (it is unreachable): a round without its result is voided. */
  protected override onLedgerUnreachable(
    state: BaccaratTableState,
    roundId: string,
    ctx: TableContext,
  ): BaccaratTableState {
    if (state.round?.roundId !== roundId || (state.phase !== 'betting' && state.phase !== 'dealing'))
      return state;
    return voidRound(state, ctx, 'malfunction', 'the ledger did not decide the bets');
  }
}
