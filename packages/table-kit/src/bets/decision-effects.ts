import { BetDecision, CancelDecision } from '@casino/events';
import { hostTableId } from '../host/game-runtime';
import { Effects } from '../host/table-machine';
import { PlayerClaims } from '@casino/events';
import { Rejection } from '../wire/rejection-codes';
import { applyDecision, BetBook, BookedBet, decisionMessage, RoundRef } from './bet-book';
import { applyCancelDecision, CancelRef, requestCancel } from './bet-cancel';

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
      effects.send(outcome.bet, msg.name, msg.payload);
      return { book: outcome.book, effects, decided: outcome.bet };
    }
  }
}

/**
 * A player's cancel request once the game has checked the window: publish CancelBet and mark the bet. The reply
 * is pending; `bet:cancelled` / `bet:cancelRejected` follow with the same ref.
 */
export function sendCancel<I>(
  book: BetBook,
  round: RoundRef,
  player: PlayerClaims,
  which: CancelRef,
  effects: Effects<I>,
): { book: BetBook; reply: CancelReply | Rejection } {
  const request = requestCancel(book, round, player, which);
  if (!request.ok) return { book, reply: request };
  effects.publish(request.command);
  return {
    book: request.book,
    reply: { ok: true, ref: request.bet.ref, roundId: round.roundId, status: 'cancelling' },
  };
}

export interface CancelReply {
  ok: true;
  ref: string;
  roundId: string;
  status: 'cancelling';
}

/** The ledger's answer to a cancel, told to the player: the refund (and balance after) or the refusal's code. */
export function relayCancelDecision<I>(
  book: BetBook,
  decision: CancelDecision,
  effects = new Effects<I>(),
): { book: BetBook; effects: Effects<I>; decided?: BookedBet } {
  const outcome = applyCancelDecision(book, decision);
  if (outcome.kind === 'unknown') return { book, effects };
  const { bet } = outcome;
  const base = {
    tableId: hostTableId(decision.tableId),
    roundId: decision.roundId,
    ref: bet.ref,
    betId: bet.betId,
  };
  if (decision.type === 'BetCancelled') {
    effects.send(bet, 'bet:cancelled', {
      ...base,
      status: bet.status,
      stake: decision.stake,
      bet: bet.bet,
      balance: decision.balance,
      group: bet.group,
    });
  } else {
    effects.send(bet, 'bet:cancelRejected', {
      ...base,
      code: decision.code,
      message: decision.message,
    });
  }
  return { book: outcome.book, effects, decided: bet };
}
