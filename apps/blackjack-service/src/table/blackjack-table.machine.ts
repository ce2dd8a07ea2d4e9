import { CardTableMachineBase, Handled, stepBookInput } from '@casino/table-kit/core';
import { BlackjackTableConfig } from '../config/blackjack-config';
import { BlackjackReply, BlackjackTableInput, BlackjackTableState } from './blackjack-table.state';
import { dealerCommand } from './dealer-commands';
import { applyEngine, drive } from './engine-driver';
import { decide, decisionTimer, insurance, ledgerDecision, placeMainBet } from './player-actions';
import { closeBetting, finalBets, nextRound, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

/** One blackjack table (7 seats) as a state machine around the @casino/blackjack round reducer. */
export class BlackjackTableMachine extends CardTableMachineBase<
  BlackjackTableState,
  BlackjackTableInput,
  BlackjackReply,
  BlackjackTableConfig
> {
  // The deal waits for the ledger's final bets (BetsFinalized), under a watchdog counted from the close: a close
  // held back would let the watchdog run out first. Seven seats make no burst for the close to outrun.
  override readonly holdsCloseForDecisions = false;

  protected firstState(ctx: TableContext): BlackjackTableState {
    const empty: BlackjackTableState = {
      tableId: this.config.id,
      phase: 'waiting-shoe',
      shoe: null,
      round: null,
      history: [],
      revealed: [],
    };
    return openRound(empty, ctx);
  }

  protected onInput(
    state: BlackjackTableState,
    input: BlackjackTableInput,
    ctx: TableContext,
  ): Handled<BlackjackTableState, BlackjackReply> {
    switch (input.kind) {
      case 'timer':
        return { state: this.timer(state, ctx, input.timer) };
      case 'placeBet':
        return placeMainBet(state, ctx, input.player, input.seat, input.stake, input.roundId);
      case 'decide':
        return decide(state, ctx, input.player, input.seat, input.hand, input.action);
      case 'insurance':
        return insurance(state, ctx, input.player, input.seat, input.take);
      case 'decision':
        return { state: ledgerDecision(state, ctx, input.event) };
      case 'finalBets':
        return { state: finalBets(state, ctx, input.event) };
      case 'cancelBet':
      case 'cancelDecision':
      case 'settled':
        // Main bets only, in the window (the ledger refuses mid-round stakes too); the seat frees on BetCancelled.
        return stepBookInput(state, input, 'blackjack', ctx.fx);
      case 'dealer':
        return dealerCommand(state, ctx, input.command);
    }
  }

  private timer(state: BlackjackTableState, ctx: TableContext, timer: string): BlackjackTableState {
    switch (timer) {
      case 'close':
        return closeBetting(state, ctx);
      case 'finalBets':
        return state.phase === 'awaiting-bets'
          ? voidRound(state, ctx, 'malfunction', 'no final bets from the ledger')
          : state;
      case 'card': {
        const shoe = state.shoe?.shoe;
        if (state.round?.engine?.awaiting.kind !== 'card' || !shoe) return state;
        let card: number;
        try {
          card = shoe.draw();
        } catch (err) {
          return voidRound(state, ctx, 'malfunction', `shoe fault: ${(err as Error).message}`);
        }
        const r = applyEngine(state, ctx, { kind: 'card', card });
        return 'ok' in r ? state : r.state;
      }
      case 'decision':
        return decisionTimer(state, ctx);
      default:
        return state.phase === 'result' ? nextRound(state, ctx) : state;
    }
  }

  /**
   * After a restart: a round without a card dealt (betting, waiting for final bets, or dealt nothing yet) is
   * voided 'not-started'; a round in play resumes where it was (timers restart in full); a finished one has its
   * result published again with the same event id.
   */
  protected onRestart(state: BlackjackTableState, ctx: TableContext): BlackjackTableState {
    const round = state.round;
    switch (state.phase) {
      case 'waiting-shoe':
        return state;
      case 'betting':
      case 'awaiting-bets':
        return voidRound(state, ctx, 'not-started', 'service restarted before the deal');
      case 'dealing':
        if (!round?.engine || round.engine.cards.length === 0) {
          return voidRound(state, ctx, 'not-started', 'service restarted before the deal');
        }
        return drive(state, ctx);
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  /**
   * The ledger has not decided the round's main bets (it is unreachable): a round not dealt yet is voided. A round
   * in play goes on (its bets were finalized by the ledger; a late mid-round stake is refunded unused).
   */
  protected override onLedgerUnreachable(
    state: BlackjackTableState,
    roundId: string,
    ctx: TableContext,
  ): BlackjackTableState {
    if (state.round?.roundId !== roundId) return state;
    if (state.phase !== 'betting' && state.phase !== 'awaiting-bets') return state;
    return voidRound(state, ctx, 'malfunction', 'the ledger did not decide the bets');
  }
}
