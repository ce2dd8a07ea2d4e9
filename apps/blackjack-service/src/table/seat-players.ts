import { isLiveBet, PlayerIdentity, playerLabel, samePlayer } from '@casino/table-kit/core';
import { BlackjackRound } from './blackjack-table.state';

/**
 * The player of a seat in a round: (operator, player) from the dealt seats, else (betting, or a snapshot from
 * before seats kept their operator) from the seat's live main bet in the book.
 */
export function seatPlayer(
  round: BlackjackRound,
  seat: number,
): (PlayerIdentity & { nickname?: string }) | undefined {
  const dealt = round.seats.find((s) => s.seat === seat);
  if (dealt?.operatorId !== undefined) {
    return { operatorId: dealt.operatorId, playerId: dealt.playerId, nickname: dealt.nickname };
  }
  const bet = round.book.bets.find(
    (b) => isLiveBet(b) && b.bet.game === 'blackjack' && b.bet.kind === 'main' && b.bet.seat === seat,
  );
  if (!bet || (dealt && dealt.playerId !== bet.playerId)) return undefined;
  return { operatorId: bet.operatorId, playerId: bet.playerId, nickname: bet.nickname };
}

/** Whether the seat is this player's (operator and player: a namesake of another operator is not its owner). */
export function ownsSeat(round: BlackjackRound, seat: number, player: PlayerIdentity): boolean {
  const holder = seatPlayer(round, seat);
  return holder !== undefined && samePlayer(holder, player);
}

/** How the table shows a seat's player to everyone: nickname or anonymous label, never the ids. */
export function seatName(tableId: string, round: BlackjackRound, seat: number): string {
  const holder = seatPlayer(round, seat);
  return holder ? playerLabel(tableId, holder) : `Seat ${seat}`;
}
