import { CARDS_PER_DECK, cardToText, makeCard, Rank, SUITS } from '@casino/cards';
import { DuelBetRole, DuelGameRules } from './pay-table';

/** Every ordered pair of cards of a deck (the same card twice: a suited pair of a multi-deck shoe). */
function cardPairs(): [string, string][] {
  const deck = Array.from({ length: CARDS_PER_DECK }, (_, i) =>
    cardToText(makeCard(((i % 13) + 1) as Rank, SUITS[Math.floor(i / 13)])),
  );
  return deck.flatMap((a) => deck.map((b): [string, string] => [a, b]));
}

/**
 * A two-card game's layout for the generic studio views (game-kit's GameLayout): a spot per bet of the pay
 * table, every pair of cards a round can deal, and each side's name with the bet type its role backs.
 */
export function duelLayout<G extends string, K extends string>(game: G, rules: DuelGameRules<K>) {
  const betOf = (role: DuelBetRole): K => {
    const key = rules.betKeys.find((k) => rules.payTable[k].role === role);
    if (key === undefined) throw new Error(`${rules.title} has no bet on ${role}`);
    return key;
  };
  const sides = {
    first: { name: rules.sides[0], bet: betOf('first') },
    second: { name: rules.sides[1], bet: betOf('second') },
    tie: betOf('tie'),
  };
  return {
    kind: 'cards' as const,
    bets: () => rules.betKeys.map((type) => ({ game, type })),
    results: () => cardPairs().map((cards) => ({ game, cards })),
    sides,
  };
}
