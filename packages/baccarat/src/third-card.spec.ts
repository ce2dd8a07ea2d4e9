import { CardSource, stackedSource } from '@casino/cards';
import { dealRound } from './round';
import { bankerDraws, playerDraws } from './third-card';
import { pointValue } from './values';

/** The printed Banker table of docs/rules/baccarat.md, restated independently: 'D' draws, 'S' stands, P3 = 0..9. */
const PRINTED_TABLE: Record<number, string> = {
  0: 'DDDDDDDDDD',
  1: 'DDDDDDDDDD',
  2: 'DDDDDDDDDD',
  3: 'DDDDDDDDSD',
  4: 'SSDDDDDDSS',
  5: 'SSSSDDDDSS',
  6: 'SSSSSSDDSS',
  7: 'SSSSSSSSSS',
};

const RANK_OF_VALUE = ['K', 'A', '2', '3', '4', '5', '6', '7', '8', '9'];
let suit = 0;
/** A card of the given point value (0 → a King); suits rotate so nothing depends on them. */
function valued(value: number): string {
  suit = (suit + 1) % 4;
  return RANK_OF_VALUE[value] + 'SHDC'[suit];
}
/** Two cards making `total` without a natural-looking single card. */
function twoCards(total: number): [string, string] {
  return total === 0
    ? [valued(0), valued(0)]
    : [valued(total === 1 ? 0 : 1), valued(total === 1 ? 1 : total - 1)];
}
function countingSource(cards: string[]): CardSource & { drawn: () => number } {
  const inner = stackedSource(cards);
  let drawn = 0;
  return { draw: () => (drawn++, inner.draw()), drawn: () => drawn };
}

describe('Player third card', () => {
  it.each([0, 1, 2, 3, 4, 5])('Player draws on %d', (total) => {
    expect(playerDraws(total)).toBe(true);
    const [p1, p2] = twoCards(total);
    const [b1, b2] = twoCards(7);
    const outcome = dealRound(stackedSource([p1, b1, p2, b2, valued(0)]));
    expect(outcome.playerCards).toHaveLength(3);
    expect(outcome.bankerCards).toHaveLength(2); // Banker 7 stands whatever P3 is
  });

  it.each([6, 7])('Player stands on %d', (total) => {
    expect(playerDraws(total)).toBe(false);
    const [p1, p2] = twoCards(total);
    const [b1, b2] = twoCards(7);
    const outcome = dealRound(stackedSource([p1, b1, p2, b2]));
    expect(outcome.playerCards).toHaveLength(2);
    expect(outcome.bankerCards).toHaveLength(2);
  });
});

describe('Banker third card when the Player stood', () => {
  it.each([0, 1, 2, 3, 4, 5, 6, 7])('Banker on %d with Player on 6 and on 7', (bankerTotal) => {
    for (const playerTotal of [6, 7]) {
      expect(bankerDraws(bankerTotal, null)).toBe(bankerTotal <= 5);
      const [p1, p2] = twoCards(playerTotal);
      const [b1, b2] = twoCards(bankerTotal);
      const source = countingSource([p1, b1, p2, b2, valued(3), valued(3)]);
      const outcome = dealRound(source);
      expect(outcome.playerCards).toHaveLength(2);
      expect(outcome.bankerCards).toHaveLength(bankerTotal <= 5 ? 3 : 2);
      expect(source.drawn()).toBe(outcome.cards.length);
    }
  });
});

describe('Banker third card after the Player drew (every row × every P3)', () => {
  for (const [bankerTotal, row] of Object.entries(PRINTED_TABLE)) {
    for (let p3 = 0; p3 <= 9; p3++) {
      const draws = row[p3] === 'D';
      it(`Banker ${bankerTotal}, P3 ${p3}: ${draws ? 'draws' : 'stands'}`, () => {
        expect(bankerDraws(Number(bankerTotal), p3)).toBe(draws);
        const [p1, p2] = twoCards(2);
        const [b1, b2] = twoCards(Number(bankerTotal));
        const source = countingSource([p1, b1, p2, b2, valued(p3), valued(4), valued(4)]);
        const outcome = dealRound(source);
        expect(outcome.playerCards).toHaveLength(3);
        expect(outcome.bankerCards).toHaveLength(draws ? 3 : 2);
        expect(source.drawn()).toBe(draws ? 6 : 5);
        expect(pointValue(outcome.playerCards[2])).toBe(p3);
      });
    }
  }
});

describe('naturals override everything', () => {
  it.each([
    [8, 0],
    [9, 0],
    [0, 8],
    [0, 9],
    [8, 9],
    [9, 9],
    [5, 8],
    [8, 5],
  ])('Player %d, Banker %d: nobody draws', (playerTotal, bankerTotal) => {
    const [p1, p2] = playerTotal >= 8 ? [valued(4), valued(playerTotal - 4)] : twoCards(playerTotal);
    const [b1, b2] = bankerTotal >= 8 ? [valued(4), valued(bankerTotal - 4)] : twoCards(bankerTotal);
    const source = countingSource([p1, b1, p2, b2, valued(1), valued(1)]);
    const outcome = dealRound(source);
    expect(outcome.cards).toHaveLength(4);
    expect(source.drawn()).toBe(4);
    expect(outcome.playerNatural).toBe(playerTotal >= 8);
    expect(outcome.bankerNatural).toBe(bankerTotal >= 8);
  });

  it('a three-card 8 or 9 is not a natural', () => {
    const outcome = dealRound(stackedSource(['2S', 'KS', '3H', '7H', '4D', '2D']));
    expect(outcome.playerTotal).toBe(9);
    expect(outcome.playerNatural).toBe(false);
  });
});
