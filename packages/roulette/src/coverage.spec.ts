import type { RouletteBet } from './bet';
import { coverage, coverageProblem, MAX_COVERED_NUMBERS, wouldExceedCoverage } from './coverage';

const straights = (...ns: number[]): RouletteBet[] => ns.map((n) => ({ type: 'straight', numbers: [n] }));

describe('coverage', () => {
  it('allows at most 34 of 37 numbers (92%)', () => {
    expect(MAX_COVERED_NUMBERS).toBe(34);
    expect(MAX_COVERED_NUMBERS / 37).toBeLessThanOrEqual(0.92);
    expect((MAX_COVERED_NUMBERS + 1) / 37).toBeGreaterThan(0.92);
  });

  it('counts distinct numbers over combined bets', () => {
    const bets: RouletteBet[] = [
      { type: 'red' },
      { type: 'straight', numbers: [1] }, // already red
      { type: 'split', numbers: [0, 2] },
      { type: 'dozen', dozen: 1 },
    ];
    const result = coverage(bets);
    // 18 red + 0 + black numbers of the first dozen (2, 4, 6, 8, 10, 11)
    expect(result.count).toBe(18 + 1 + 6);
    expect(result.numbers).toContain(0);
    expect(result.numbers).toContain(11);
    expect(result.numbers).not.toContain(13);
    expect(result.fraction).toBeCloseTo(25 / 37, 12);
    expect(coverage([])).toEqual({ numbers: [], count: 0, fraction: 0 });
  });

  it('is within the limit at 34 numbers and over it at 35', () => {
    const thirtyFour: RouletteBet[] = [
      { type: 'dozen', dozen: 1 },
      { type: 'dozen', dozen: 2 },
      { type: 'sixLine', numbers: [25, 26, 27, 28, 29, 30] },
      { type: 'corner', numbers: [31, 32, 34, 35] },
    ];
    expect(coverage(thirtyFour).count).toBe(34);
    expect(wouldExceedCoverage(thirtyFour.slice(0, -1), thirtyFour[thirtyFour.length - 1])).toBe(false);

    const thirtyFive = [...thirtyFour, ...straights(36)];
    expect(coverage(thirtyFive).count).toBe(35);
    expect(wouldExceedCoverage(thirtyFour, straights(36))).toBe(true);
    expect(wouldExceedCoverage(thirtyFour, { type: 'straight', numbers: [0] })).toBe(true);
    expect(wouldExceedCoverage(thirtyFour, { type: 'red' })).toBe(true); // adds 36
    // a bet adding no new number keeps the player at 34
    expect(wouldExceedCoverage(thirtyFour, [{ type: 'low' }, { type: 'column', column: 1 }])).toBe(false);
    expect(wouldExceedCoverage(thirtyFour, { type: 'straight', numbers: [5] })).toBe(false);
  });

  it('counts zero in, and outside bets out of, the boundary', () => {
    const evenMoney: RouletteBet[] = [{ type: 'red' }, { type: 'black' }];
    expect(coverage(evenMoney).count).toBe(36);
    expect(wouldExceedCoverage([], evenMoney)).toBe(true);
    expect(wouldExceedCoverage(straights(...Array.from({ length: 33 }, (_, i) => i)), straights(33))).toBe(
      false,
    );
    expect(wouldExceedCoverage(straights(...Array.from({ length: 34 }, (_, i) => i)), straights(34))).toBe(
      true,
    );
  });
});

describe('coverageProblem', () => {
  const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);

  // The ledger's restriction case: dozens 1–2, a six line, a corner, a street, a straight, then one more.
  it('allows 34 numbers and refuses the 35th', () => {
    const held = range(1, 24);
    expect(coverageProblem(held, range(25, 30))).toBeNull();
    const more = [...held, ...range(25, 30)];
    expect(coverageProblem(more, [29, 30, 32, 33])).toBeNull();
    expect(coverageProblem(more, [31, 32, 33])).toBeNull();
    const at34 = [...more, 31, 32, 33, 34];
    expect(coverageProblem(at34, [34])).toBeNull();
    expect(coverageProblem(at34, [0])).toEqual({
      code: 'COVERAGE_EXCEEDED',
      covered: 35,
      message: 'bets would cover 35 numbers, at most 34 allowed',
    });
  });

  it('takes another limit', () => {
    expect(coverageProblem([1, 2], [3], 2)?.covered).toBe(3);
  });
});
