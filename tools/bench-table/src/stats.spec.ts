import { peakPerSecond, percentile, spread } from './stats';

describe('stats', () => {
  it('takes nearest-rank percentiles', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([], 99)).toBe(0);
  });

  it('spreads unsorted values', () => {
    expect(spread([5, 1, 3])).toEqual({ p50: 3, p99: 5, max: 5, count: 3 });
  });

  it('finds the busiest second', () => {
    expect(peakPerSecond([1_000, 1_500, 1_999, 2_000, 3_500])).toBe(3);
  });
});
