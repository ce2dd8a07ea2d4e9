import { cardToText, makeCard, Rank, SUITS } from './card';
import { burnCount } from './burn';
import { standardDecks } from './composition';
import { shoeFromOrder } from './shoe';

const expected: Record<Rank, number> = {
  1: 1,
  2: 2,
  3: 3,
  4: 4,
  5: 5,
  6: 6,
  7: 7,
  8: 8,
  9: 9,
  10: 10,
  11: 10,
  12: 10,
  13: 10,
};

describe('burn', () => {
  it('counts A = 1, 2–9 face value, 10/J/Q/K = 10 for every rank and suit', () => {
    for (let rank = 1 as Rank; rank <= 13; rank++) {
      for (const suit of SUITS) expect(burnCount(makeCard(rank, suit))).toBe(expected[rank]);
    }
  });

  it.each(Object.entries(expected))(
    'shows the first card and burns the next ones (rank %s)',
    (rank, count) => {
      const shown = makeCard(Number(rank) as Rank, 'H');
      const rest = Array.from(standardDecks(1)).filter((c) => c !== shown);
      const shoe = shoeFromOrder([shown, ...rest], { decks: 1 });
      const result = shoe.burn();
      expect(result.shown).toBe(shown);
      expect(result.burned).toEqual(rest.slice(0, count));
      expect(shoe.drawnCount).toBe(1 + count);
      expect(shoe.burnedCount).toBe(1 + count);
      expect(shoe.dealtCount).toBe(0);
      expect(shoe.draw()).toBe(rest[count]);
      const kinds = shoe.record().entries.map((e) => e.kind);
      expect(kinds).toEqual([...Array(1 + count).fill('burned'), 'dealt']);
      expect(shoe.record().entries[0].card).toBe(cardToText(shown));
    },
  );

  it('leaves the shoe untouched when there are not enough cards to burn', () => {
    const deck = Array.from(standardDecks(1));
    const king = makeCard(13, 'S');
    const order = [
      ...deck.filter((c) => c !== king).slice(0, 46),
      king,
      ...deck.filter((c) => c !== king).slice(46),
    ];
    const shoe = shoeFromOrder(order, { decks: 1, cutCard: { fromBack: 1 } });
    for (let i = 0; i < 46; i++) shoe.draw();
    expect(() => shoe.burn()).toThrow(expect.objectContaining({ code: 'SHOE_EXHAUSTED' }));
    expect(shoe.remaining).toBe(6);
    expect(shoe.draw()).toBe(king);
  });
});
