import { Card } from '@casino/cards';

/** Baccarat point value by card number (0..51): A = 1, 2–9 = face value, T/J/Q/K = 0. */
export const CARD_POINTS: Readonly<Uint8Array> = (() => {
  const points = new Uint8Array(52);
  for (let card = 0; card < 52; card++) {
    const rank = (card >> 2) + 1;
    points[card] = rank >= 10 ? 0 : rank;
  }
  return points;
})();

/** Point value of one card: A = 1, 2–9 = face value, 10/J/Q/K = 0. */
export function pointValue(card: Card): number {
  return CARD_POINTS[card];
}

/** A hand's point count: the sum of the point values mod 10 (0–9). */
export function handTotal(cards: readonly Card[]): number {
  let sum = 0;
  for (const card of cards) sum += CARD_POINTS[card];
  return sum % 10;
}

/** Two-card 8 or 9. Only the first two cards of a side can make a natural. */
export function isNatural(cards: readonly Card[]): boolean {
  return cards.length >= 2 && (CARD_POINTS[cards[0]] + CARD_POINTS[cards[1]]) % 10 >= 8;
}

/** Same rank (J+J yes, J+Q no); suits never matter. */
export function isPair(first: Card, second: Card): boolean {
  return first >> 2 === second >> 2;
}
