import { Card, CardError, CardSource, cardRank, parseCard } from '@casino/cards';

/**
 * The two-card games (docs/rules/dragon-tiger.md, docs/rules/football-studio.md): one card face up to the first
 * side (Dragon, Home), then one to the second (Tiger, Away); the higher rank wins, equal ranks tie. Suits never
 * rank. Dragon Tiger counts the ace low, Football Studio high.
 */
export type AceRank = 'low' | 'high';

export type DuelWinner = 'first' | 'second' | 'tie';

/** One round: the two cards in deal order and what they decide. */
export interface DuelRound {
  first: Card;
  second: Card;
  winner: DuelWinner;
  /** Same rank and same suit (Dragon Tiger's Suited Tie). */
  suited: boolean;
}

/** A card's rank as the game counts it: ace low A=1, 2…10, J=11, Q=12, K=13; ace high 2…K=13, A=14. */
export function duelValue(card: Card, ace: AceRank): number {
  const rank = cardRank(card);
  return rank === 1 && ace === 'high' ? 14 : rank;
}

/** What two cards decide. */
export function duelRound(first: Card, second: Card, ace: AceRank): DuelRound {
  const a = duelValue(first, ace);
  const b = duelValue(second, ace);
  return {
    first,
    second,
    winner: a > b ? 'first' : a < b ? 'second' : 'tie',
    suited: first === second,
  };
}

/** Deals a round: one card to the first side, then one to the second. */
export function dealDuel(source: CardSource, ace: AceRank): DuelRound {
  const first = source.draw();
  const second = source.draw();
  return duelRound(first, second, ace);
}

/** A round from its recorded cards in deal order; throws CardError unless they are exactly two cards. */
export function duelFromCards(cards: readonly string[], ace: AceRank): DuelRound {
  if (cards.length !== 2) {
    throw new CardError('INVALID_CARD', `a round deals exactly two cards, got ${cards.length}`);
  }
  return duelRound(parseCard(cards[0]), parseCard(cards[1]), ace);
}

/**
 * A two-card game's automatic draw (game-kit's AutomaticDraw `shoe`): an 8-deck automatic shoe, two cards a
 * round, the side that won as players see it.
 */
export function duelAutomaticDraw<G extends string>(game: G, rules: { decks: number; ace: AceRank }) {
  return {
    kind: 'shoe' as const,
    decks: rules.decks,
    cardsPerRound: 2,
    result: (cards: readonly string[]) => ({ game, cards: [cards[0], cards[1]] as [string, string] }),
    outcome: (result: { cards: readonly string[] }): DuelWinner =>
      duelFromCards(result.cards, rules.ace).winner,
  };
}
