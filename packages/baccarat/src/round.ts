import { Card, CardSource, cardToText, isCard } from '@casino/cards';
import { DealOrder, inDealOrder } from './deal-order';
import { BaccaratError, BaccaratErrorCode } from './errors';
import { BaccaratOutcome } from './outcome';
import { NO_CARD, RoundState, dealInto, toOutcome } from './round-state';
import { CARD_POINTS } from './values';

export const MIN_CARDS_PER_ROUND = 4;
export const MAX_CARDS_PER_ROUND = 6;

/**
 * Deals one round from a card source (a shoe, or a stacked list): P, B, P, B (or P, P, B, B with
 * `'player-first'`, the RNG table), then third cards by the table. The outcome's `cards` are in record order.
 */
export function dealRound(source: CardSource, order: DealOrder = 'alternate'): BaccaratOutcome {
  const state = dealInto(inDealOrder(source, order), new RoundState());
  assertDealtCards(state);
  return toOutcome(state);
}

/**
 * Recomputes a round from its recorded cards in deal order. Throws `BaccaratError` 'MISDEAL' when the record is
 * not what the drawing rules deal (too few or too many cards), 'INVALID_CARD' when an entry is not a card 0..51.
 * The ledger settles from this, never from a figure in the result event.
 */
export function outcomeFromCards(cardsInDealOrder: readonly Card[]): BaccaratOutcome {
  assertCardList(cardsInDealOrder);
  const source = new RecordSource(cardsInDealOrder);
  const state = new RoundState();
  try {
    dealInto(source, state);
  } catch (error) {
    if (error instanceof RecordExhausted) {
      throw new BaccaratError(
        'MISDEAL',
        `the drawing rules call for card ${error.position + 1} (${sideForPosition(error.position, source)}) ` +
          `but the record has only ${cardsInDealOrder.length}: ${describe(cardsInDealOrder)}`,
      );
    }
    throw error;
  }
  if (source.position !== cardsInDealOrder.length) {
    throw new BaccaratError(
      'MISDEAL',
      `the drawing rules deal ${source.position} cards but the record has ${cardsInDealOrder.length}: ` +
        describe(cardsInDealOrder),
    );
  }
  return toOutcome(state);
}

export type CardRecordCheck =
  | { ok: true; outcome: BaccaratOutcome }
  | { ok: false; code: Extract<BaccaratErrorCode, 'MISDEAL' | 'INVALID_CARD'>; message: string };

/** Misdeal detection without exceptions: is this card record a round dealt by the rules? */
export function checkCardRecord(cardsInDealOrder: readonly Card[]): CardRecordCheck {
  try {
    return { ok: true, outcome: outcomeFromCards(cardsInDealOrder) };
  } catch (error) {
    if (error instanceof BaccaratError && (error.code === 'MISDEAL' || error.code === 'INVALID_CARD')) {
      return { ok: false, code: error.code, message: error.message };
    }
    throw error;
  }
}

export type NextCardTarget = 'player' | 'banker' | 'none';

/**
 * Where the next card of a round in progress goes, given the cards dealt so far in order; 'none' when the round
 * is complete. A live table deals card by card from the scanner, so this is the single place that says whether
 * another card is due. A card drawn when this says 'none' was exposed out of order: it is not burned but stays
 * next in the sequence (see `carryExposedCards`). Throws 'MISDEAL' if the cards already exceed the rules.
 */
export function nextCardFor(cardsSoFar: readonly Card[]): NextCardTarget {
  assertCardList(cardsSoFar, false);
  const source = new RecordSource(cardsSoFar);
  try {
    dealInto(source, new RoundState());
  } catch (error) {
    if (error instanceof RecordExhausted) return sideForPosition(error.position, source);
    throw error;
  }
  if (source.position !== cardsSoFar.length) {
    throw new BaccaratError(
      'MISDEAL',
      `a round has ${source.position} cards by the rules, ${cardsSoFar.length} were dealt: ${describe(cardsSoFar)}`,
    );
  }
  return 'none';
}

/** Which side the card at `position` (0-based, deal order) of a round goes to. */
function sideForPosition(position: number, record: RecordSource): 'player' | 'banker' {
  if (position < 4) return position % 2 === 0 ? 'player' : 'banker';
  if (position === 4) {
    const playerTwoCards = (CARD_POINTS[record.cards[0]] + CARD_POINTS[record.cards[2]]) % 10;
    return playerTwoCards <= 5 ? 'player' : 'banker';
  }
  return 'banker';
}

class RecordExhausted extends Error {
  constructor(readonly position: number) {
    super(`record exhausted at ${position}`);
  }
}

/** Replays a recorded list; asking past its end means the rules wanted a card the record does not have. */
class RecordSource implements CardSource {
  position = 0;
  constructor(readonly cards: readonly Card[]) {}
  draw(): Card {
    if (this.position >= this.cards.length) throw new RecordExhausted(this.position);
    return this.cards[this.position++];
  }
}

function assertCardList(cards: readonly Card[], complete = true): void {
  if (!Array.isArray(cards))
    throw new BaccaratError('INVALID_CARD', 'the card record must be an array of cards');
  for (let i = 0; i < cards.length; i++) {
    if (!isCard(cards[i])) {
      throw new BaccaratError(
        'INVALID_CARD',
        `card record position ${i + 1} is not a card: ${String(cards[i])}`,
      );
    }
  }
  if (cards.length > MAX_CARDS_PER_ROUND || (complete && cards.length < MIN_CARDS_PER_ROUND)) {
    throw new BaccaratError(
      'MISDEAL',
      `a round has ${MIN_CARDS_PER_ROUND} to ${MAX_CARDS_PER_ROUND} cards, the record has ${cards.length}`,
    );
  }
}

/** A card source is trusted to be fast, not to be right: check what it gave before it becomes a result. */
function assertDealtCards(state: RoundState): void {
  const dealt = [state.playerFirst, state.bankerFirst, state.playerSecond, state.bankerSecond];
  if (state.playerThird !== NO_CARD) dealt.push(state.playerThird);
  if (state.bankerThird !== NO_CARD) dealt.push(state.bankerThird);
  for (const card of dealt) {
    if (!isCard(card))
      throw new BaccaratError('INVALID_CARD', `the card source returned a non-card: ${String(card)}`);
  }
  // A source returning NO_CARD itself would otherwise pass as "no third card" with a NaN total.
  if (!Number.isInteger(state.playerTotal) || !Number.isInteger(state.bankerTotal)) {
    throw new BaccaratError('INVALID_CARD', 'the card source returned a non-card');
  }
}

function describe(cards: readonly Card[]): string {
  return cards.map(cardToText).join(' ');
}
