import { seededRandom } from '@casino/cards';
import { simulateSicBo } from './sim';

describe('simulateSicBo', () => {
  it('measures every limit key near its exact return through the automatic draw', () => {
    const report = simulateSicBo(20_000, seededRandom('sim'), 'sim');
    expect(Object.keys(report.bets)).toHaveLength(23);
    const inCi = Object.values(report.bets).filter((b) => b.exactWithinCi).length;
    // 95% intervals: a few of 23 keys may miss by chance, most must hold.
    expect(inCi).toBeGreaterThanOrEqual(19);
    expect(report.bets.single.measured).toBeGreaterThan(0.89);
    expect(report.bets.single.measured).toBeLessThan(0.95);
  });
});
