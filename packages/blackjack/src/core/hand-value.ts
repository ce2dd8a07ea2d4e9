import { Card } from '@casino/cards';

/**
 * Hand arithmetic shared by the round reducer and the fast simulator. A hand is summarised by its hard sum
 * (every ace as 1) and whether it holds an ace; one ace counts 11 whenever that does not bust.
 */

/** Points of each card 0..51 (A = 1, 2–9, T/J/Q/K = 10), precomputed for the simulator's hot loop. */
export const CARD_POINTS: Readonly<Uint8Array> = Uint8Array.from({ length: 52 }, (_, card) =>
  Math.min(10, (card >> 2) + 1),
);

export function cardPoints(card: Card): number {
  return CARD_POINTS[card];
}

/** The best total: one ace as 11 when the hand stays at 21 or under. */
export function bestTotal(hardSum: number, hasAce: boolean): number {
  return hasAce && hardSum <= 11 ? hardSum + 10 : hardSum;
}

/** A soft total counts one ace as 11. */
export function isSoftTotal(hardSum: number, hasAce: boolean): boolean {
  return hasAce && hardSum <= 11;
}

export interface HandValue {
  /** Every ace as 1. */
  hard: number;
  hasAce: boolean;
  /** Best total (may exceed 21 when bust). */
  total: number;
  soft: boolean;
  bust: boolean;
}

export function handValue(cards: readonly Card[]): HandValue {
  let hard = 0;
  let hasAce = false;
  for (const card of cards) {
    const points = CARD_POINTS[card];
    hard += points;
    if (points === 1) hasAce = true;
  }
  const total = bestTotal(hard, hasAce);
  return { hard, hasAce, total, soft: isSoftTotal(hard, hasAce), bust: total > 21 };
}

/** Two cards making 21. Whether it counts as a blackjack (not after a split) is the caller's call. */
export function isTwoCardTwentyOne(cards: readonly Card[]): boolean {
  return cards.length === 2 && handValue(cards).total === 21;
}

/** Two cards of the same value (two ten-valued cards count as a pair, e.g. K+Q). */
export function isPair(cards: readonly Card[]): boolean {
  return cards.length === 2 && CARD_POINTS[cards[0]] === CARD_POINTS[cards[1]];
}
