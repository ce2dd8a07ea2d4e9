import { cardToText, parseCard } from './card';
import { standardDecks } from './composition';
import { RandomSource, seededRandom } from './random';
import { createShoe, Shoe, shoeFromOrder } from './shoe';

function drawAll(shoe: Shoe): number[] {
  const cards: number[] = [];
  while (shoe.remaining > 0) cards.push(shoe.draw());
  return cards;
}

function countingSource(inner: RandomSource): RandomSource & { calls: number } {
  const source = {
    calls: 0,
    nextUint32() {
      source.calls++;
      return inner.nextUint32();
    },
  };
  return source;
}

describe('createShoe', () => {
  it('shuffles with the injected source: same seed, same order; other seed, other order', () => {
    const a = drawAll(createShoe({ decks: 8 }, seededRandom('table-1')));
    const b = drawAll(createShoe({ decks: 8 }, seededRandom('table-1')));
    const c = drawAll(createShoe({ decks: 8 }, seededRandom('table-2')));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a).not.toEqual(Array.from(standardDecks(8)));
    expect([...a].sort((x, y) => x - y)).toEqual(Array.from(standardDecks(8)).sort((x, y) => x - y));
  });

  it('takes all its randomness from the source: shuffle words, then 8 salt words', () => {
    const source = countingSource(seededRandom(3));
    createShoe({ decks: 6 }, source);
    // 311 Fisher–Yates swaps (rejections are rare at these bounds) + 8 salt words.
    expect(source.calls).toBeGreaterThanOrEqual(311 + 8);
    expect(source.calls).toBeLessThan(311 + 8 + 5);
  });

  it('throws SHOE_EXHAUSTED after the last card', () => {
    const shoe = createShoe({ decks: 1 }, seededRandom(1));
    drawAll(shoe);
    expect(shoe.remaining).toBe(0);
    expect(() => shoe.draw()).toThrow(expect.objectContaining({ code: 'SHOE_EXHAUSTED' }));
  });
});

describe('cut card', () => {
  it('defaults to 7 from the back and is reported once the card at the cut position is drawn', () => {
    const shoe = createShoe({ decks: 8 }, seededRandom(1));
    expect(shoe.cutPosition).toBe(416 - 7);
    for (let i = 0; i < 409; i++) shoe.draw();
    expect(shoe.cutCardReached).toBe(false);
    shoe.draw();
    expect(shoe.cutCardReached).toBe(true);
    // The round is finished: drawing continues to work.
    for (let i = 0; i < 6; i++) shoe.draw();
    expect(shoe.remaining).toBe(0);
  });

  it('takes a fixed depth (blackjack: 4 decks from the back)', () => {
    const shoe = createShoe({ decks: 8, cutCard: { fromBack: 208 } }, seededRandom(1));
    expect(shoe.cutPosition).toBe(208);
  });

  it('draws a random depth in the configured range from the source', () => {
    const depths = new Set<number>();
    for (let seed = 0; seed < 200; seed++) {
      const shoe = createShoe(
        { decks: 6, cutCard: { minFromBack: 60, maxFromBack: 70 } },
        seededRandom(seed),
      );
      const fromBack = shoe.cardCount - shoe.cutPosition;
      expect(fromBack).toBeGreaterThanOrEqual(60);
      expect(fromBack).toBeLessThanOrEqual(70);
      depths.add(fromBack);
    }
    expect(depths.size).toBe(11);
    const again = createShoe({ decks: 6, cutCard: { minFromBack: 60, maxFromBack: 70 } }, seededRandom(7));
    const same = createShoe({ decks: 6, cutCard: { minFromBack: 60, maxFromBack: 70 } }, seededRandom(7));
    expect(again.cutPosition).toBe(same.cutPosition);
  });

  it('rejects depths outside the shoe and empty ranges', () => {
    for (const cutCard of [
      { fromBack: 0 },
      { fromBack: 52 },
      { fromBack: 3.5 },
      { minFromBack: 10, maxFromBack: 5 },
      { minFromBack: 0, maxFromBack: 5 },
    ]) {
      expect(() => createShoe({ decks: 1, cutCard }, seededRandom(1))).toThrow(
        expect.objectContaining({ code: 'INVALID_CUT' }),
      );
    }
  });
});

describe('record', () => {
  it('lists burned, dealt and discarded cards in the order they happened, with rounds', () => {
    const order = Array.from(standardDecks(1)); // AS AH AD AC 2S …: the first card is an ace, so 1 card is burned
    const shoe = shoeFromOrder(order, { decks: 1 });
    shoe.burn();
    shoe.startRound(1);
    const first = [shoe.draw(), shoe.draw(), shoe.draw()];
    shoe.discard(first);
    shoe.startRound(2);
    const second = [shoe.draw(), shoe.draw()];
    shoe.discard(second);
    shoe.endRound();
    const entries = shoe.record().entries;
    expect(entries.map((e) => [e.seq, e.kind, e.card, e.position, e.round])).toEqual([
      [1, 'burned', 'AS', 0, undefined],
      [2, 'burned', 'AH', 1, undefined],
      [3, 'dealt', 'AD', 2, 1],
      [4, 'dealt', 'AC', 3, 1],
      [5, 'dealt', '2S', 4, 1],
      [6, 'discarded', 'AD', undefined, 1],
      [7, 'discarded', 'AC', undefined, 1],
      [8, 'discarded', '2S', undefined, 1],
      [9, 'dealt', '2H', 5, 2],
      [10, 'dealt', '2D', 6, 2],
      [11, 'discarded', '2H', undefined, 2],
      [12, 'discarded', '2D', undefined, 2],
    ]);
    expect(entries.every((e) => !('round' in e) || e.round !== undefined)).toBe(true);
    expect(JSON.parse(JSON.stringify(shoe.record()))).toEqual(shoe.record());
  });

  it('rejects a discard of something that is not a card', () => {
    const shoe = createShoe({ decks: 1 }, seededRandom(1));
    expect(() => shoe.discard([52])).toThrow(expect.objectContaining({ code: 'INVALID_CARD' }));
  });
});

describe('close', () => {
  it('stops drawing and burning with SHOE_FINISHED', () => {
    const shoe = createShoe({ decks: 1 }, seededRandom(1));
    shoe.draw();
    shoe.close();
    expect(shoe.isClosed).toBe(true);
    expect(() => shoe.draw()).toThrow(expect.objectContaining({ code: 'SHOE_FINISHED' }));
    expect(() => shoe.burn()).toThrow(expect.objectContaining({ code: 'SHOE_FINISHED' }));
    expect(shoe.remaining).toBe(51);
  });

  it('reads text cards in shoeFromOrder', () => {
    const text = Array.from(standardDecks(1)).map(cardToText).reverse();
    const shoe = shoeFromOrder(text, { decks: 1 });
    expect(shoe.draw()).toBe(parseCard('KC'));
  });
});
