import { BetDecision } from '@casino/events';
import { hostTableId } from '../host/game-runtime';
import { Effects } from '../host/table-machine';
import { applyDecision, BetBook, BookedBet, decisionMessage } from './bet-book';

export interface DecisionHandled<I> {
  book: BetBook;
  effects: Effects<I>;
  /** The bet the decision settled (undefined for a retry or an unknown command). */
  decided?: BookedBet;
}

/**
 * The common relay of a ledger decision: update the book, retry a ROUND_UNKNOWN once, tell the player the
 * outcome with its code. Game machines add what their game needs on top (blackjack applies a double, …).
 */
export function relayDecision<I>(
  book: BetBook,
  decision: BetDecision,
  mayRetry: boolean,
  effects = new Effects<I>(),
): DecisionHandled<I> {
  const outcome = applyDecision(book, decision, mayRetry);
  switch (outcome.kind) {
    case 'unknown':
      return { book, effects };
    case 'retry':
      effects.publish(outcome.command);
      return { book: outcome.book, effects };
    case 'decided': {
      const balance = decision.type === 'BetAccepted' ? decision.balance : undefined;
      const msg = decisionMessage(hostTableId(decision.tableId), decision.roundId, outcome.bet, balance);
      effects.send(outcome.bet.playerId, msg.name, msg.payload);
      return { book: outcome.book, effects, decided: outcome.bet };
    }
  }
}
