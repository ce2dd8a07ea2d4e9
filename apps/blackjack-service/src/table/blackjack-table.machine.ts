import { stepBookInput, StepResult, TableMachineBase } from '@casino/table-kit';
import { BlackjackTableConfig } from '../config/blackjack-config';
import {
  BlackjackReply,
  BlackjackTableInput,
  BlackjackTableState,
  fromSnapshot,
  toSnapshot,
} from './blackjack-table.state';
import { dealerCommand } from './dealer-commands';
import { applyEngine, drive } from './engine-driver';
import { decide, decisionTimer, insurance, ledgerDecision, placeMainBet } from './player-actions';
import { closeBetting, finalBets, nextRound, openRound, voidRound } from './round-flow';
import { TableContext } from './table-context';

type Result = StepResult<BlackjackTableState, BlackjackTableInput, BlackjackReply>;

/** One blackjack table (7 seats) as a state machine around the @casino/blackjack round reducer. */
export class BlackjackTableMachine extends TableMachineBase<
  BlackjackTableState,
  BlackjackTableInput,
  BlackjackReply,
  BlackjackTableConfig
> {
  initial(): Result {
    const ctx = this.context();
    const empty: BlackjackTableState = {
      tableId: this.config.id,
      phase: 'waiting-shoe',
      shoe: null,
      round: null,
      history: [],
      revealed: [],
    };
    return this.done(openRound(empty, ctx), ctx);
  }

  step(state: BlackjackTableState, input: BlackjackTableInput): Result {
    const ctx = this.context();
    switch (input.kind) {
      case 'timer':
        return this.done(this.timer(state, ctx, input.timer), ctx);
      case 'placeBet': {
        const r = placeMainBet(state, ctx, input.player, input.seat, input.stake, input.roundId);
        return this.done(r.state, ctx, r.reply);
      }
      case 'decide': {
        const r = decide(state, ctx, input.player, input.seat, input.hand, input.action);
        return this.done(r.state, ctx, r.reply);
      }
      case 'insurance': {
        const r = insurance(state, ctx, input.player, input.seat, input.take);
        return this.done(r.state, ctx, r.reply);
      }
      case 'decision':
        return this.done(ledgerDecision(state, ctx, input.event), ctx);
      case 'finalBets':
        return this.done(finalBets(state, ctx, input.event), ctx);
      case 'cancelBet':
      case 'cancelDecision':
      case 'settled': {
        // Main bets only, in the window (the ledger refuses mid-round stakes too); the seat frees on BetCancelled.
        const r = stepBookInput(state, input, 'blackjack', ctx.fx);
        return this.done(r.state, ctx, r.reply);
      }
      case 'dealer': {
        const r = dealerCommand(state, ctx, input.command);
        return this.done(r.state, ctx, r.reply);
      }
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
  resume(state: BlackjackTableState): Result {
    const ctx = this.context();
    const round = state.round;
    switch (state.phase) {
      case 'waiting-shoe':
        return this.done(state, ctx);
      case 'betting':
      case 'awaiting-bets':
        return this.done(voidRound(state, ctx, 'not-started', 'service restarted before the deal'), ctx);
      case 'dealing':
        if (!round?.engine || round.engine.cards.length === 0) {
          return this.done(voidRound(state, ctx, 'not-started', 'service restarted before the deal'), ctx);
        }
        return this.done(drive(state, ctx), ctx);
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  toSnapshot(state: BlackjackTableState): unknown {
    return toSnapshot(state);
  }

  fromSnapshot(snapshot: unknown): BlackjackTableState | undefined {
    return fromSnapshot(snapshot);
  }
}
