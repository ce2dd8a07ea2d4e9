import { Card, cardRank } from './card';

/**
 * How a new shoe is started: `burn` (the first card is shown and decides how many more are burned) or
 * `no-bet-rounds` (three rounds are played without bets; run by the game service, not by the shoe).
 */
export type BurnMode = 'burn' | 'no-bet-rounds';

export const NO_BET_ROUNDS = 3;

/** Cards burned face down after the shown card: A = 1, 2–9 = face value, 10/J/Q/K = 10. */
export function burnCount(shown: Card): number {
  const rank = cardRank(shown);
  return rank >= 10 ? 10 : rank;
}

export interface BurnResult {
  /** The first card, turned face up (also recorded as burned). */
  shown: Card;
  /** The further cards burned face down, `burnCount(shown)` of them. */
  burned: Card[];
}
