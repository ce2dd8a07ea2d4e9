import type { LedgerInput } from '../host/game-runtime';
import { Effects } from '../host/table-machine';
import { Rejection } from '../wire/rejection-codes';
import { RoundRef } from './bet-book';
import { CancelReply, relayDecision } from './decision-effects';
import { cancelDecisionOnTable, cancelOnTable, TableCancelRequest, TableWithBook } from './table-bets';

/** A player's cancelBet, as a table takes it. */
export type CancelBetInput = { kind: 'cancelBet' } & TableCancelRequest;

/** The inputs a table with a bet book handles the same way in every game. */
export type BookInput = LedgerInput | CancelBetInput;

const BOOK_INPUT_KINDS: ReadonlySet<string> = new Set<BookInput['kind']>([
  'decision',
  'cancelBet',
  'cancelDecision',
  'finalBets',
  'settled',
]);

/** Whether a table's input is one `stepBookInput` handles. */
export function isBookInput(input: { kind: string }): input is BookInput {
  return BOOK_INPUT_KINDS.has(input.kind);
}

/**
 * Applies a book input: a ledger decision is relayed to the player (a rejection for a round not yet known to the
 * ledger is retried while betting is open), a cancel goes to the ledger and its answer back to the player; final
 * bets and settlements change nothing a table keeps.
 */
export function stepBookInput<S extends TableWithBook, I>(
  state: S,
  input: BookInput,
  game: RoundRef['game'],
  fx: Effects<I>,
): { state: S; reply?: CancelReply | Rejection } {
  switch (input.kind) {
    case 'decision': {
      const round = state.round;
      if (!round) return { state };
      const handled = relayDecision(round.book, input.event, state.phase === 'betting', fx);
      return { state: { ...state, round: { ...round, book: handled.book } } };
    }
    case 'cancelBet':
      return cancelOnTable(state, game, input, fx);
    case 'cancelDecision':
      return { state: cancelDecisionOnTable(state, input.event, fx) };
    case 'finalBets':
    case 'settled':
      return { state };
  }
}
