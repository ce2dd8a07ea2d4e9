import { BlackjackError } from '../core/errors';
import { BlackjackRules, assertRules } from '../core/rules';
import { RoundState, SeatBet, SeatNumber } from '../core/types';
import { BLACKJACK_ERROR_MESSAGES } from './messages';
import { advance } from './advance';
import { DraftState } from './draft';

export const SEAT_COUNT = 7;

/**
 * A new round for the seats that hold a bet (any order; dealt in seat order). One player may hold several
 * seats. The returned state awaits the first card.
 */
export function startRound(rules: BlackjackRules, seats: readonly SeatBet[]): RoundState {
  assertRules(rules);
  if (!Array.isArray(seats) || seats.length === 0)
    throw new BlackjackError('NO_BETS', BLACKJACK_ERROR_MESSAGES.NO_BETS);
  const taken = new Set<number>();
  for (const bet of seats) {
    if (!Number.isInteger(bet.seat) || bet.seat < 1 || bet.seat > SEAT_COUNT) {
      throw new BlackjackError('INVALID_SEAT', `seat must be 1..${SEAT_COUNT}, got ${String(bet.seat)}`);
    }
    if (taken.has(bet.seat)) throw new BlackjackError('DUPLICATE_SEAT', `seat ${bet.seat} is listed twice`);
    taken.add(bet.seat);
    if (typeof bet.playerId !== 'string' || bet.playerId.length === 0) {
      throw new BlackjackError('INVALID_PLAYER', `seat ${bet.seat} has no player id`);
    }
    if (typeof bet.stake !== 'bigint' || bet.stake <= 0n) {
      throw new BlackjackError('INVALID_STAKE', `seat ${bet.seat} stake must be a positive bigint`);
    }
  }
  const draft: DraftState = {
    rules,
    phase: 'deal',
    seats: [...seats]
      .sort((a, b) => a.seat - b.seat)
      .map((bet) => ({
        seat: bet.seat as SeatNumber,
        playerId: bet.playerId,
        stake: bet.stake,
        hands: [
          {
            id: 0,
            cards: [],
            stake: bet.stake,
            doubleStake: 0n,
            fromSplit: false,
            splitAces: false,
            drawPending: false,
            finished: false,
          },
        ],
        insurance: { status: 'not-offered', stake: 0n },
        handsCreated: 1,
      })),
    dealer: { cards: [], holeCardRevealed: false, peekedBlackjack: null },
    cards: [],
    awaiting: { kind: 'settled' },
  };
  advance(draft, []);
  return draft;
}
