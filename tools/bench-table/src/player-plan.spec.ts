import { seededRandom } from '@casino/cards';
import { planRound } from './player-plan';

const shape = { betShare: 1, lateShare: 0.8, lateWindowMs: 3_000, opposingShare: 0.08, cancelShare: 0.1 };

describe('planRound', () => {
  it('puts about the late share of first bets in the last seconds, all before the close', () => {
    const random = seededRandom('plan');
    const plans = Array.from({ length: 10_000 }, () => planRound(random, shape, 0, 15_000));
    const late = plans.filter((p) => p.at >= 12_000).length / plans.length;
    expect(late).toBeGreaterThan(0.77);
    expect(late).toBeLessThan(0.83);
    expect(plans.every((p) => p.at >= 0 && p.at < 15_000)).toBe(true);
    const opposing = plans.filter((p) => p.opposing).length / plans.length;
    expect(opposing).toBeGreaterThan(0.05);
    expect(plans.filter((p) => p.opposing).every((p) => p.type !== 'tie')).toBe(true);
    expect(plans.filter((p) => p.cancelAfterMs !== undefined).length).toBeGreaterThan(800);
  });

  it('bets late only when the window is shorter than the late window', () => {
    const random = seededRandom('short');
    const plans = Array.from({ length: 100 }, () => planRound(random, shape, 1_000, 3_000));
    expect(plans.every((p) => p.at >= 1_000 && p.at < 3_000)).toBe(true);
  });
});
