import { RandomSource, randomBytes, randomInt, seededRandom } from './random';

/** A source replaying fixed words, counting how many were taken. */
function fixedSource(words: number[]): RandomSource & { taken: number } {
  const source = {
    taken: 0,
    nextUint32() {
      if (source.taken >= words.length) throw new Error('fixed source exhausted');
      return words[source.taken++];
    },
  };
  return source;
}

describe('randomInt', () => {
  it('returns 0 for bound 1 and passes words through for bound 2^32', () => {
    expect(randomInt(fixedSource([0xffffffff]), 1)).toBe(0);
    expect(randomInt(fixedSource([0xffffffff]), 0x100000000)).toBe(0xffffffff);
    expect(randomInt(fixedSource([0]), 0x100000000)).toBe(0);
  });

  it('maps small bounds by multiply-and-reject (Lemire): floor(word × bound / 2^32), rejecting the biased zone', () => {
    // For bound 3, 2^32 mod 3 = 1: only the word whose product has low half 0 (word 0) is rejected.
    const source = fixedSource([0, 0xffffffff]);
    expect(randomInt(source, 3)).toBe(2);
    expect(source.taken).toBe(2);
    expect(randomInt(fixedSource([0x80000001]), 416)).toBe(208);
    expect(randomInt(fixedSource([0x55555556]), 3)).toBe(1);
  });

  it('rejects words in the incomplete top range for large bounds (no modulo bias)', () => {
    // A bound just above 2^31 rejects almost half of all words.
    const bound = 0x80000001;
    const limit = 0x100000000 - (0x100000000 % bound);
    const wide = fixedSource([limit, limit + 5, limit - 1]);
    expect(randomInt(wide, bound)).toBe((limit - 1) % bound);
    expect(wide.taken).toBe(3);
  });

  it('refuses bounds that are not integers in 1..2^32', () => {
    for (const bad of [0, -1, 1.5, 0x100000001, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => randomInt(seededRandom(1), bad)).toThrow(RangeError);
    }
  });

  it('stays in range and is roughly uniform for a small bound', () => {
    const source = seededRandom('uniform');
    const counts = [0, 0, 0, 0, 0, 0];
    for (let i = 0; i < 60_000; i++) counts[randomInt(source, 6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });
});

describe('seededRandom', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = seededRandom('x');
    const b = seededRandom('x');
    const c = seededRandom('y');
    const wa = [a.nextUint32(), a.nextUint32()];
    expect([b.nextUint32(), b.nextUint32()]).toEqual(wa);
    expect([c.nextUint32(), c.nextUint32()]).not.toEqual(wa);
  });
});

describe('randomBytes', () => {
  it('takes words little-endian', () => {
    expect(Array.from(randomBytes(fixedSource([0x04030201, 0x0000aa05]), 5))).toEqual([1, 2, 3, 4, 5]);
  });
});
