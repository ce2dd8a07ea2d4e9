import { seededRandom } from '@casino/cards';
import { simulateFanTan } from './sim';

describe('simulateFanTan', () => {
  it('measures every bet kind near its exact return through the automatic draw', () => {
    const report = simulateFanTan(20_000, seededRandom('sim'), 'sim');
    expect(Object.keys(report.bets)).toEqual(['fan', 'nim', 'kwok', 'odd', 'even']);
    expect(Object.values(report.bets).filter((b) => b.exactWithinCi).length).toBeGreaterThanOrEqual(4);
    for (const f of Object.values(report.frequencies)) expect(Math.abs(f - 0.25)).toBeLessThan(0.02);
  });
});
