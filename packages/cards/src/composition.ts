import { CARDS_PER_DECK, Card, CardError, cardToText, isCard } from './card';

export const MIN_DECKS = 1;
export const MAX_DECKS = 8;

export function assertDeckCount(decks: number): void {
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS) {
    throw new CardError(
      'INVALID_SHOE',
      `decks must be an integer in ${MIN_DECKS}..${MAX_DECKS}, got ${decks}`,
    );
  }
}

/** N standard decks in fresh-pack order (card 0..51, repeated), ready to shuffle. */
export function standardDecks(decks: number): Uint8Array {
  assertDeckCount(decks);
  const cards = new Uint8Array(decks * CARDS_PER_DECK);
  for (let i = 0; i < cards.length; i++) cards[i] = i % CARDS_PER_DECK;
  return cards;
}

/**
 * Why a list of cards is not exactly `decks` complete decks (every card exactly `decks` times), or null when it is.
 * This is the "cards are checked" step of loading a shoe.
 */
export function compositionProblem(cards: ArrayLike<Card>, decks: number): string | null {
  if (!Number.isInteger(decks) || decks < MIN_DECKS || decks > MAX_DECKS)
    return `invalid deck count ${decks}`;
  const expected = decks * CARDS_PER_DECK;
  if (cards.length !== expected)
    return `expected ${expected} cards for ${decks} deck(s), got ${cards.length}`;
  const counts = new Uint16Array(CARDS_PER_DECK);
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i];
    if (!isCard(card)) return `position ${i} is not a card: ${String(card)}`;
    counts[card]++;
  }
  for (let card = 0; card < CARDS_PER_DECK; card++) {
    if (counts[card] !== decks) {
      return `${cardToText(card)} appears ${counts[card]} time(s), expected ${decks}`;
    }
  }
  return null;
}

export function assertComposition(cards: ArrayLike<Card>, decks: number): void {
  const problem = compositionProblem(cards, decks);
  if (problem) throw new CardError('INVALID_SHOE', `shoe composition is wrong: ${problem}`);
}
