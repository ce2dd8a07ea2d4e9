import { stepBookInput, StepResult, TableMachineBase } from '@casino/table-kit';
import { BaccaratTableConfig } from '../config/baccarat-config';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratInput, BaccaratTableState, fromSnapshot, toSnapshot } from './baccarat-table.state';
import { dealerCommand } from './dealer-commands';
import { placeBet } from './place-bet';
import { closeBetting, drawCard, nextRound, openRound, voidRound } from './round-flow';

type Result = StepResult<BaccaratTableState, BaccaratInput, BaccaratReply>;

/** One live baccarat table (commission or no-commission) as a state machine. */
export class BaccaratTableMachine extends TableMachineBase<
  BaccaratTableState,
  BaccaratInput,
  BaccaratReply,
  BaccaratTableConfig
> {
  initial(): Result {
    const ctx = this.context();
    const empty: BaccaratTableState = {
      tableId: this.config.id,
      phase: 'waiting-shoe',
      shoe: null,
      round: null,
      noBetNext: false,
      history: [],
      revealed: [],
    };
    return this.done(openRound(empty, ctx), ctx);
  }

  step(state: BaccaratTableState, input: BaccaratInput): Result {
    const ctx = this.context();
    switch (input.kind) {
      case 'timer':
        if (input.timer === 'close') return this.done(closeBetting(state, ctx), ctx);
        if (input.timer === 'card') return this.done(drawCard(state, ctx), ctx);
        return this.done(state.phase === 'result' ? nextRound(state, ctx) : state, ctx);
      case 'placeBet': {
        const r = placeBet(state, ctx, input.player, input.type, input.stake, input.roundId);
        return this.done(r.state, ctx, r.reply);
      }
      case 'decision':
      case 'cancelBet':
      case 'cancelDecision':
      case 'finalBets':
      case 'settled': {
        const r = stepBookInput(state, input, 'baccarat', ctx.fx);
        return this.done(r.state, ctx, r.reply);
      }
      case 'dealer': {
        const r = dealerCommand(state, ctx, input.command);
        return this.done(r.state, ctx, r.reply);
      }
    }
  }

  /**
   * After a restart: a round that had not started (betting, or closed without a card) is voided 'not-started'
   * and the ledger refunds it; a started round is completed; a finished one has its result published again
   * (same event id, so the ledger applies it once) and the table moves on.
   */
  resume(state: BaccaratTableState): Result {
    const ctx = this.context();
    const round = state.round;
    switch (state.phase) {
      case 'waiting-shoe':
        return this.done(state, ctx);
      case 'betting':
      case 'dealing':
        if (round && round.cards.length === 0) {
          const shoe = state.shoe ? { ...state.shoe, roundsDealt: state.shoe.roundsDealt - 1 } : null;
          return this.done(
            voidRound({ ...state, shoe }, ctx, 'not-started', 'service restarted before the deal'),
            ctx,
          );
        }
        if (this.config.dealer === 'auto')
          ctx.fx.schedule('card', this.config.timers.cardMs, { kind: 'timer', timer: 'card' });
        return this.done(state, ctx);
      case 'result':
        return this.resumeFinished(state, round, ctx, { kind: 'timer', timer: 'next' });
    }
  }

  toSnapshot(state: BaccaratTableState): unknown {
    return toSnapshot(state);
  }

  fromSnapshot(snapshot: unknown): BaccaratTableState | undefined {
    return fromSnapshot(snapshot);
  }
}
