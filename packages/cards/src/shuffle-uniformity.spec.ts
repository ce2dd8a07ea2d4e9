import { CARDS_PER_DECK } from './card';
import { seededRandom } from './random';
import { createShoe } from './shoe';

describe('shuffle uniformity', () => {
  it('puts each card in each position about equally often (chi-square over the 52×52 table)', () => {
    const shuffles = 6_000;
    const random = seededRandom('chi-square');
    const counts = new Uint32Array(CARDS_PER_DECK * CARDS_PER_DECK);
    for (let s = 0; s < shuffles; s++) {
      const shoe = createShoe({ decks: 1 }, random);
      for (let position = 0; position < CARDS_PER_DECK; position++) {
        counts[shoe.draw() * CARDS_PER_DECK + position]++;
      }
    }
    const expected = shuffles / CARDS_PER_DECK;
    let chiSquare = 0;
    for (const observed of counts) chiSquare += (observed - expected) ** 2 / expected;
    // Rows and columns each sum to `shuffles`: (52-1)^2 = 2601 degrees of freedom, sd = sqrt(2·2601) ≈ 72.
    // Accept within 5 sd; a biased shuffle (e.g. the naive swap-with-any variant) lands far outside.
    const dof = (CARDS_PER_DECK - 1) ** 2;
    expect(Math.abs(chiSquare - dof)).toBeLessThan(5 * Math.sqrt(2 * dof));
  });
});
