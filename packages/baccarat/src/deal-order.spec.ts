import { parseCards, seededRandom, createShoe } from '@casino/cards';
import { drawOrderOf, inDealOrder, isDealOrder } from './deal-order';
import { dealRound, outcomeFromCards } from './round';
import { defaultTableRules, tableRulesProblem } from './table-rules';

/** A stacked source: deals the listed cards in order. */
const stacked = (cards: string[]) => {
  const list = parseCards(cards);
  let i = 0;
  return { draw: () => list[i++] };
};

describe('deal order', () => {
  it('live tables deal P, B, P, B; the RNG table (docs/rules/baccarat.md#rng-baccarat) deals P, P, B, B', () => {
    expect(defaultTableRules('commission').dealOrder).toBeUndefined();
    expect(defaultTableRules('rng').dealOrder).toBe('player-first');
    // Shoe: 9H 9S KD 2C — alternate: Player 9H KD = 9, Banker 9S 2C = 1.
    const alternate = dealRound(stacked(['9H', '9S', 'KD', '2C']));
    expect(alternate).toMatchObject({ playerTotal: 9, bankerTotal: 1, winner: 'player' });
    expect(alternate.playerCards).toEqual(parseCards(['9H', 'KD']));
    // player-first: Player 9H 9S = 8, Banker KD 2C = 2; a natural, nobody draws.
    const playerFirst = dealRound(stacked(['9H', '9S', 'KD', '2C']), 'player-first');
    expect(playerFirst.playerCards).toEqual(parseCards(['9H', '9S']));
    expect(playerFirst.bankerCards).toEqual(parseCards(['KD', '2C']));
    expect(playerFirst).toMatchObject({ playerTotal: 8, bankerTotal: 2, winner: 'player', playerPair: true });
    // Record order stays P1 B1 P2 B2, so the ledger's outcomeFromCards reads it unchanged.
    expect(playerFirst.cards).toEqual(parseCards(['9H', 'KD', '9S', '2C']));
    expect(outcomeFromCards(playerFirst.cards)).toEqual(playerFirst);
  });

  it('third cards follow the opening four from the shoe: Player then Banker', () => {
    // P 2H 3H = 5 draws 4S (P3 = 4) → 9; B TD 4D = 4, P3 4 → Banker draws 7C → 1.
    const r = dealRound(stacked(['2H', '3H', 'TD', '4D', '4S', '7C']), 'player-first');
    expect(r.playerCards).toEqual(parseCards(['2H', '3H', '4S']));
    expect(r.bankerCards).toEqual(parseCards(['TD', '4D', '7C']));
    expect(r.cards).toEqual(parseCards(['2H', 'TD', '3H', '4D', '4S', '7C']));
    expect(drawOrderOf(r.cards, 'player-first')).toEqual(parseCards(['2H', '3H', 'TD', '4D', '4S', '7C']));
    expect(drawOrderOf(r.cards, 'alternate')).toEqual(r.cards);
  });

  it('draws exactly the cards the round uses from a real shoe', () => {
    const shoe = createShoe({ decks: 6 }, seededRandom('order'));
    for (let i = 0; i < 50; i++) {
      const before = shoe.drawnCount;
      const r = dealRound(shoe, 'player-first');
      expect(shoe.drawnCount - before).toBe(r.cards.length);
    }
    expect(inDealOrder(shoe, 'alternate')).toBe(shoe);
  });

  it('is validated as a table rule', () => {
    expect(isDealOrder('player-first')).toBe(true);
    expect(isDealOrder('banker-first')).toBe(false);
    const rules = { ...defaultTableRules('rng'), dealOrder: 'sideways' as never };
    expect(tableRulesProblem(rules)).toMatch(/deal order/);
    expect(tableRulesProblem(defaultTableRules('rng'))).toBeNull();
  });
});
