import { cryptoRandom, seededRandom } from '@casino/cards';
import { DuelGameRules } from './pay-table';
import { DuelShoeRunner } from './shoe-runner';
import { simulateDuel } from './sim';

const rules: DuelGameRules<'a' | 'b' | 'tie'> = {
  id: 'duel',
  title: 'Duel',
  ace: 'high',
  sides: ['A', 'B'],
  decks: 8,
  betKeys: ['a', 'b', 'tie'],
  payTable: {
    a: { role: 'first', pays: 1n },
    b: { role: 'second', pays: 1n },
    tie: { role: 'tie', pays: 11n },
  },
};

describe('simulation through real shoes', () => {
  it('deals whole shoes: burn, two cards a round, a new shoe after the cut card', () => {
    const runner = new DuelShoeRunner(8, 'low', seededRandom('shoes'));
    // 416 cards, at most 11 burned, cut 7 from the back: about 200 rounds a shoe.
    for (let i = 0; i < 1000; i++) runner.nextRound();
    expect(runner.shoesUsed).toBeGreaterThanOrEqual(5);
    expect(runner.shoesUsed).toBeLessThanOrEqual(6);
  });

  it('measures returns whose 95% interval holds the exact ones (seeded, repeatable)', () => {
    const report = simulateDuel(rules, 200_000, seededRandom('duel'), 'seed duel');
    for (const key of rules.betKeys) expect(report.bets[key].exactWithinCi).toBe(true);
    expect(report.frequencies.tie + report.frequencies.suitedTie).toBeCloseTo(0.0747, 2);
    expect(simulateDuel(rules, 1000, seededRandom('x'), 'x')).toEqual(
      simulateDuel(rules, 1000, seededRandom('x'), 'x'),
    );
  });

  it('draws from the CSPRNG when asked', () => {
    const report = simulateDuel(rules, 10_000, cryptoRandom(), 'crypto');
    expect(report.source).toBe('crypto');
    expect(report.shoes).toBeGreaterThan(40);
  });

  it('refuses fewer than two rounds', () => {
    expect(() => simulateDuel(rules, 1, seededRandom('x'), 'x')).toThrow(RangeError);
  });
});
