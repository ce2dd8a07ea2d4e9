import { seededRandom } from '@casino/cards';
import fc from 'fast-check';
import { beadRangeProblem, dealerBeadCount, drawBeadCount, resultOfCount } from './beads';

describe('beads', () => {
  it('a count leaves its remainder by four, and 4 for a multiple of four', () => {
    expect([1, 2, 3, 4, 5, 8, 41, 100, 139].map(resultOfCount)).toEqual([1, 2, 3, 4, 1, 4, 1, 4, 3]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), (n) => {
        const r = resultOfCount(n);
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r).toBeLessThanOrEqual(4);
        expect((n - r) % 4).toBe(0);
      }),
    );
  });

  it('the dealer enters a whole count within the table’s range', () => {
    const range = { min: 40, max: 139 };
    expect(dealerBeadCount(87, range)).toEqual({ ok: true, count: 87, result: 3 });
    expect(dealerBeadCount(39, range)).toEqual({
      ok: false,
      message: 'a bead count at this table is from 40 to 139, got 39',
    });
    expect(dealerBeadCount(140, range)).toMatchObject({ ok: false });
    expect(dealerBeadCount(50.5, range)).toMatchObject({
      ok: false,
      message: expect.stringContaining('whole'),
    });
    expect(dealerBeadCount('60', range)).toMatchObject({ ok: false });
  });

  it('a range holds a whole number of fours', () => {
    expect(beadRangeProblem({ min: 40, max: 139 })).toBeNull();
    expect(beadRangeProblem({ min: 40, max: 140 })).toContain('multiple of 4');
    expect(beadRangeProblem({ min: 0, max: 3 })).toContain('1 <= min');
    expect(beadRangeProblem({ min: 10, max: 5 })).toContain('1 <= min <= max');
  });

  it('an automatic heap is uniform over the range: each result a quarter', () => {
    const random = seededRandom('beads');
    const range = { min: 40, max: 139 };
    const counts = [0, 0, 0, 0];
    let low = Infinity;
    let high = -Infinity;
    for (let i = 0; i < 40_000; i++) {
      const n = drawBeadCount(random, range);
      low = Math.min(low, n);
      high = Math.max(high, n);
      counts[resultOfCount(n) - 1]++;
    }
    expect([low, high]).toEqual([40, 139]);
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(400);
    expect(() => drawBeadCount(random, { min: 1, max: 5 })).toThrow(RangeError);
  });
});
