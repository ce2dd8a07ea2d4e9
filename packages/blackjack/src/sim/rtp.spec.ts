import { seededRandom } from '@casino/cards';
import { resolveRules } from '../core/rules';
import { simulateBlackjack } from './rtp';

describe('simulateBlackjack', () => {
  const run = (seed: string) =>
    simulateBlackjack({
      rules: resolveRules({ peek: 'ace-and-ten' }),
      hands: 20_000,
      random: seededRandom(seed),
    });

  it('is reproducible from its seed and deals shoes to the cut card', () => {
    const a = run('x');
    const b = run('x');
    expect(a.houseEdge).toBe(b.houseEdge);
    expect(a.totals).toEqual(b.totals);
    expect(a.totals.initialHands).toBe(20_000);
    // ~208 cards per shoe before the cut card, ~5.4 cards per round
    expect(a.totals.initialHands / a.shoes).toBeGreaterThan(30);
    expect(a.totals.initialHands / a.shoes).toBeLessThan(45);
  });

  it('reports plausible frequencies', () => {
    const { frequencies: f, ci95, houseEdge } = run('y');
    expect(f.blackjack).toBeGreaterThan(0.04);
    expect(f.blackjack).toBeLessThan(0.055);
    expect(f.dealerBust).toBeGreaterThan(0.2);
    expect(f.dealerBust).toBeLessThan(0.32);
    expect(f.win + f.push + f.lose).toBeCloseTo(1, 12);
    expect(ci95).toBeGreaterThan(0.01);
    expect(Math.abs(houseEdge)).toBeLessThan(0.05);
  });
});
