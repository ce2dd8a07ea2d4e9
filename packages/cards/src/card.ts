import type { CardErrorCode } from './messages';

/**
 * A card is a small integer 0..51 so engines and simulations can deal millions of rounds without allocating:
 * rank = (card >> 2) + 1 (1 = Ace … 13 = King), suit = card & 3.
 * Its text form is rank + suit, e.g. "AS", "TD", "KH".
 */
export type Card = number;

export type Rank = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13;
export type Suit = 'S' | 'H' | 'D' | 'C';

export const SUITS: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const RANK_CHARS = 'A23456789TJQK';
export const CARDS_PER_DECK = 52;

export function makeCard(rank: Rank, suit: Suit): Card {
  return ((rank - 1) << 2) | SUITS.indexOf(suit);
}

export function cardRank(card: Card): Rank {
  return ((card >> 2) + 1) as Rank;
}

export function cardSuit(card: Card): Suit {
  return SUITS[card & 3];
}

export function isCard(value: unknown): value is Card {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < CARDS_PER_DECK;
}

export function cardToText(card: Card): string {
  return RANK_CHARS[card >> 2] + SUITS[card & 3];
}

const TEXT_FORM = /^([A2-9TJQK])([SHDC])$/;

/** Parses "AS", "TD", "KH" (also "10D"); throws CardError on anything else. */
export function parseCard(text: string): Card {
  const match = TEXT_FORM.exec(text.replace(/^10/, 'T'));
  if (!match) throw new CardError('INVALID_CARD', `not a card: ${JSON.stringify(text)}`);
  return (RANK_CHARS.indexOf(match[1]) << 2) | SUITS.indexOf(match[2] as Suit);
}

export function parseCards(texts: readonly string[]): Card[] {
  return texts.map(parseCard);
}

export class CardError extends Error {
  constructor(
    readonly code: CardErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

/** Anything cards can be drawn from in order: a shoe, or a stacked list in a test or a replay. */
export interface CardSource {
  draw(): Card;
}

/** A card source over a fixed list (scenario tests, replays from a recorded round). */
export function stackedSource(cards: readonly (Card | string)[]): CardSource {
  const list = cards.map((c) => (typeof c === 'string' ? parseCard(c) : c));
  let next = 0;
  return {
    draw() {
      if (next >= list.length) throw new CardError('SHOE_EXHAUSTED', 'stacked source has no more cards');
      return list[next++];
    },
  };
}
