import { CancelDecision } from '@casino/events';
import { PlayerClaims } from '@casino/events';
import { Effects } from '../host/table-machine';
import { rejection, Rejection } from '../wire/rejection-codes';
import { BetBook, RoundRef } from './bet-book';
import { CancelRef } from './bet-cancel';
import { CancelReply, relayCancelDecision, sendCancel } from './decision-effects';

/** What withdrawing a bet needs of a game's table state: its phase and the open round's bet book. */
export interface TableWithBook {
  tableId: string;
  phase: string;
  round: { roundId: string; book: BetBook } | null;
}

export interface TableCancelRequest {
  player: PlayerClaims;
  roundId?: string;
  which: CancelRef;
}

/** A player's cancelBet: only for the open round while betting; the ledger decides the refund. */
export function cancelOnTable<S extends TableWithBook, I>(
  state: S,
  game: RoundRef['game'],
  input: TableCancelRequest,
  effects: Effects<I>,
): { state: S; reply: CancelReply | Rejection } {
  const round = state.round;
  if (state.phase !== 'betting' || !round) {
    return { state, reply: rejection('BETTING_CLOSED', 'bets can be withdrawn only while betting is open') };
  }
  if (input.roundId !== undefined && input.roundId !== round.roundId) {
    return { state, reply: rejection('WRONG_ROUND', `round ${input.roundId} is not the open round`) };
  }
  const ref = { tableId: state.tableId, roundId: round.roundId, game };
  const sent = sendCancel(round.book, ref, input.player, input.which, effects);
  return { state: { ...state, round: { ...round, book: sent.book } }, reply: sent.reply };
}

/** The ledger's answer to a cancel, relayed to the player and recorded in the round's book. */
export function cancelDecisionOnTable<S extends TableWithBook, I>(
  state: S,
  decision: CancelDecision,
  effects: Effects<I>,
): S {
  const round = state.round;
  if (!round) return state;
  const handled = relayCancelDecision(round.book, decision, effects);
  return { ...state, round: { ...round, book: handled.book } };
}
