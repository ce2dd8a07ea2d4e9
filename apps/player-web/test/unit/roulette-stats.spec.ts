import { formatPercent, rouletteStats } from '../../src/tables/roulette/roulette-stats';

describe('rouletteStats', () => {
  it('counts colours, parity, halves and dozens; zero is none of them', () => {
    const s = rouletteStats([0, 1, 2, 19, 32, 32]);
    expect(s.count).toBe(6);
    expect(s.zero).toBeCloseTo(1 / 6);
    expect(s.red).toBeCloseTo(4 / 6); // 1, 19, 32, 32
    expect(s.black).toBeCloseTo(1 / 6); // 2
    expect(s.odd).toBeCloseTo(2 / 6);
    expect(s.even).toBeCloseTo(3 / 6);
    expect(s.dozens[2]).toBeCloseTo(2 / 6);
    expect(s.hot[0]).toBe(32);
    expect(s.cold).not.toContain(32);
  });

  it('formats a share as a whole percent in the locale', () => {
    expect(formatPercent(0.92, 'en')).toBe('92%');
  });
});
