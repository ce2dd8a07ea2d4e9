import { Card, parseCard } from '@casino/cards';
import { nextCardFor } from './round';
import { handTotal } from './values';

// A round's cards as text ("AS", "TD"), the way results and clients carry them, read by the engine's own rules
// (docs/rules/baccarat.md#third-card-rule): the web clients and the back office show hands and totals from these,
// never from a copy of the drawing rules.

export type HandSide = 'player' | 'banker';

function cardOf(text: string): Card | null {
  try {
    return parseCard(text);
  } catch {
    return null;
  }
}

/**
 * The side each card of a round goes to, from the cards alone (record order: P1, B1, P2, B2, then the third
 * cards as the drawing rules deal them). A card the rules do not deal (one past a complete round, after an
 * unreadable card) is null, and so is every card after it.
 */
export function cardSides(cards: readonly string[]): (HandSide | null)[] {
  const dealt: Card[] = [];
  let broken = false;
  return cards.map((text) => {
    if (broken) return null;
    const card = cardOf(text);
    let side: HandSide | null = null;
    try {
      const next = nextCardFor(dealt);
      side = next === 'none' ? null : next;
    } catch {
      side = null;
    }
    if (side === null || card === null) {
      broken = true;
      return null;
    }
    dealt.push(card);
    return side;
  });
}

/**
 * A round's cards (complete or in progress) split into the two hands; null when they cannot be what the drawing
 * rules deal (a disputed record: a fifth card after a natural, a seventh card), so it is shown as it is.
 */
export function handsOfCards(cards: readonly string[]): { player: string[]; banker: string[] } | null {
  const sides = cardSides(cards);
  if (sides.some((s) => s === null)) return null;
  return {
    player: cards.filter((_, i) => sides[i] === 'player'),
    banker: cards.filter((_, i) => sides[i] === 'banker'),
  };
}

/** A hand's points (0–9) from its cards as text; unreadable cards count nothing. */
export function handTotalOfCards(cards: readonly string[]): number {
  return handTotal(cards.map(cardOf).filter((c): c is Card => c !== null));
}
