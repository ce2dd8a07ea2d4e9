import { CancelBetEvent, CancelDecision, makeEvent } from '@casino/events';
import { PlayerClaims } from '@casino/events';
import { samePlayer } from '../players/player-key';
import { Rejection, rejection } from '../wire/rejection-codes';
import { BetBook, BookedBet, replaceBetAt, RoundRef } from './bet-book';

/** The bet a cancel request names: the ref of the placeBet acknowledgement, or the ledger's betId. */
export type CancelRef = { ref: string } | { betId: string };

export type CancelRequest = { ok: true; book: BetBook; bet: BookedBet; command: CancelBetEvent } | Rejection;

/**
 * A player's request to withdraw one of their bets, checked against the book (the caller has checked that
 * betting is open). The CancelBet names the ledger's bet id when it is known, else the PlaceBet command in flight.
 */
export function requestCancel(
  book: BetBook,
  round: RoundRef,
  player: PlayerClaims & { readonly token?: string },
  which: CancelRef,
): CancelRequest {
  const index = book.bets.findIndex(
    (b) => samePlayer(b, player) && ('ref' in which ? b.ref === which.ref : b.betId === which.betId),
  );
  const bet = index < 0 ? undefined : book.bets[index];
  if (!bet || bet.status === 'rejected') {
    return rejection('BET_NOT_FOUND', 'no live bet of yours with that id in this round');
  }
  if (bet.status === 'cancelled') return rejection('ALREADY_CANCELLED', 'the bet is already cancelled');
  if (bet.cancelCommandId !== undefined) {
    return rejection('CANCEL_PENDING', 'a cancel of this bet is already with the ledger');
  }
  if (bet.bet.game === 'blackjack' && bet.bet.kind !== 'main') {
    return rejection('NOT_CANCELLABLE', `a ${bet.bet.kind} stake cannot be withdrawn`);
  }
  const command = makeEvent('CancelBet', {
    tableId: round.tableId,
    roundId: round.roundId,
    game: round.game,
    playerId: bet.playerId,
    operatorId: bet.operatorId,
    currency: bet.currency,
    target: bet.betId !== undefined ? { betId: bet.betId } : { betCommandId: bet.commandId },
    // The requesting socket's token: the ledger's proof that the player has a live session here.
    ...(player.token === undefined ? {} : { playerToken: player.token }),
  });
  const next: BookedBet = { ...bet, cancelCommandId: command.id };
  return { ok: true, book: replaceBetAt(book, index, next), bet: next, command };
}

export type CancelOutcome = { kind: 'unknown' } | { kind: 'decided'; book: BetBook; bet: BookedBet };

/** Applies the ledger's answer to the cancel in flight it names. */
export function applyCancelDecision(book: BetBook, decision: CancelDecision): CancelOutcome {
  const index = book.bets.findIndex(
    (b) => b.cancelCommandId === decision.commandId && samePlayer(b, decision),
  );
  if (decision.roundId !== book.roundId || index < 0) return { kind: 'unknown' };
  const current = book.bets[index];
  const next: BookedBet =
    decision.type === 'BetCancelled'
      ? { ...current, status: 'cancelled', betId: decision.betId, cancelCommandId: undefined }
      : { ...current, cancelCommandId: undefined };
  return { kind: 'decided', book: replaceBetAt(book, index, next), bet: next };
}
