import { parseCard } from './card';
import { assertComposition, compositionProblem, standardDecks } from './composition';
import { createShoe, shoeFromOrder } from './shoe';
import { seededRandom } from './random';

describe('composition', () => {
  it('accepts N complete decks in any order', () => {
    const decks = standardDecks(6);
    expect(decks.length).toBe(312);
    expect(compositionProblem(decks, 6)).toBeNull();
    expect(compositionProblem(decks.slice().reverse(), 6)).toBeNull();
  });

  it('rejects a duplicated card, a missing card, a wrong count and a non-card', () => {
    const deck = Array.from(standardDecks(1));
    const duplicated = [...deck];
    duplicated[0] = duplicated[1];
    expect(compositionProblem(duplicated, 1)).toMatch(/appears/);
    expect(compositionProblem(deck.slice(1), 1)).toMatch(/expected 52 cards/);
    expect(compositionProblem([...deck.slice(1), 52], 1)).toMatch(/not a card/);
    expect(compositionProblem(deck, 2)).toMatch(/expected 104/);
    expect(() => assertComposition(duplicated, 1)).toThrow(expect.objectContaining({ code: 'INVALID_SHOE' }));
  });

  it('allows 1..8 decks only', () => {
    expect(() => standardDecks(0)).toThrow(expect.objectContaining({ code: 'INVALID_SHOE' }));
    expect(() => standardDecks(9)).toThrow(expect.objectContaining({ code: 'INVALID_SHOE' }));
    expect(() => createShoe({ decks: 2.5 }, seededRandom(1))).toThrow(
      expect.objectContaining({ code: 'INVALID_SHOE' }),
    );
    expect(createShoe({ decks: 8 }, seededRandom(1)).cardCount).toBe(416);
  });

  it('shoeFromOrder checks the composition of a preloaded shoe', () => {
    const deck = Array.from(standardDecks(1));
    expect(shoeFromOrder(deck, { decks: 1 }).remaining).toBe(52);
    const swappedIn = [...deck];
    swappedIn[5] = parseCard('AS');
    expect(() => shoeFromOrder(swappedIn, { decks: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_SHOE' }),
    );
    expect(() => shoeFromOrder(deck, { decks: 2 })).toThrow(
      expect.objectContaining({ code: 'INVALID_SHOE' }),
    );
  });
});
