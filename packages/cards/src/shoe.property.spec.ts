import fc from 'fast-check';
import { auditFinishedShoe } from './audit';
import { verifyCommitment } from './commitment';
import { standardDecks } from './composition';
import { randomInt, RandomSource, seededRandom } from './random';
import { createShoe, restoreShoe, shoeFromOrder } from './shoe';

const words = fc.array(fc.nat({ max: 0xffffffff }), { minLength: 1, maxLength: 50 });

/**
 * A source cycling through arbitrary words, so fast-check explores the sources too. Trailing words that randomInt
 * never rejects guarantee progress (0xffffffff for small bounds, 0 for large ones): a cycle of only rejected words
 * would make rejection sampling loop forever.
 */
function cycling(words: number[]): RandomSource {
  const values = [...words, 0xffffffff, 0];
  let i = 0;
  return { nextUint32: () => values[i++ % values.length] };
}

describe('properties', () => {
  it('randomInt stays in [0, bound)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0x100000000 }), fc.nat({ max: 0xffffffff }), (bound, word) => {
        const value = randomInt(cycling([word, 0]), bound);
        return Number.isInteger(value) && value >= 0 && value < bound;
      }),
    );
  });

  it('any seed gives a complete composition whose commitment verifies', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.string(), (decks, seed) => {
        const shoe = createShoe({ decks }, seededRandom(seed));
        const commitment = shoe.commitment();
        shoe.close();
        return verifyCommitment(commitment, shoe.reveal()).ok;
      }),
      { numRuns: 50 },
    );
  });

  it('swapping any two different cards of a reveal breaks verification', () => {
    const shoe = createShoe({ decks: 2 }, seededRandom('swap'));
    const commitment = shoe.commitment();
    shoe.close();
    const reveal = shoe.reveal();
    fc.assert(
      fc.property(fc.nat({ max: 103 }), fc.nat({ max: 103 }), (i, j) => {
        fc.pre(reveal.order[i] !== reveal.order[j]);
        const order = [...reveal.order];
        [order[i], order[j]] = [order[j], order[i]];
        return !verifyCommitment(commitment, { ...reveal, order }).ok;
      }),
    );
  });

  it('a random cut depth always lies in its range', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 1, max: 51 }), fc.integer({ min: 0, max: 50 }), (w, min, span) => {
        const max = Math.min(51, min + span);
        const shoe = createShoe({ decks: 1, cutCard: { minFromBack: min, maxFromBack: max } }, cycling(w));
        const fromBack = shoe.cardCount - shoe.cutPosition;
        return fromBack >= min && fromBack <= max;
      }),
    );
  });

  it('shoeFromOrder accepts every permutation of the decks', () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(Array.from(standardDecks(1)), { minLength: 52 }), (order) => {
        const shoe = shoeFromOrder(order, { decks: 1, random: seededRandom(1) });
        return Array.from({ length: 52 }, () => shoe.draw()).every((c, i) => c === order[i]);
      }),
    );
  });

  it('snapshot at any point resumes identically, and every finished shoe audits clean', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat({ max: 300 }), fc.boolean(), (seed, stopAt, burnFirst) => {
        const shoe = createShoe({ decks: 6 }, seededRandom(seed));
        if (burnFirst) shoe.burn();
        let round = 0;
        while (shoe.drawnCount < stopAt) {
          shoe.startRound(++round);
          shoe.discard([shoe.draw(), shoe.draw()]);
        }
        const restored = restoreShoe(JSON.parse(JSON.stringify(shoe.snapshot())));
        for (const s of [shoe, restored]) {
          s.startRound(round + 1);
          s.draw();
          s.close();
        }
        // Compare as text: a jest diff of two large records is very slow while fast-check shrinks.
        return (
          JSON.stringify(restored.record()) === JSON.stringify(shoe.record()) &&
          auditFinishedShoe(restored).ok
        );
      }),
      { numRuns: 40 },
    );
  });
});
