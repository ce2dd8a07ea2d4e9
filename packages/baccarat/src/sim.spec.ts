import { seededRandom } from '@casino/cards';
import { benchBaccarat } from './bench';
import { ShoeRunner } from './shoe-runner';
import { RoundState } from './round-state';
import { simulateBaccarat } from './sim';
import { defaultTableRules } from './table-rules';

describe('simulation and benchmark (small runs)', () => {
  it('plays through several shoes and reports every bet next to its exact value', () => {
    const report = simulateBaccarat(defaultTableRules('commission'), 20_000, seededRandom('s'), 's');
    expect(report.rounds).toBe(20_000);
    expect(report.shoes).toBeGreaterThan(200);
    const { player, banker, tie } = report.frequencies;
    expect(player + banker + tie).toBeCloseTo(1, 12);
    expect(report.bets.banker.exact.toFixed(4)).toBe('0.9894');
    for (const bet of Object.values(report.bets)) {
      expect(bet.ciLow).toBeLessThanOrEqual(bet.measured);
      expect(bet.ciHigh).toBeGreaterThanOrEqual(bet.measured);
    }
    // The main bets' returns are tight enough that 20k rounds land near the exact values.
    expect(Math.abs(report.bets.banker.measured - report.bets.banker.exact)).toBeLessThan(0.03);
  });

  it('is reproducible from its seed', () => {
    const a = simulateBaccarat(defaultTableRules('no-commission'), 3000, seededRandom(7), '7');
    const b = simulateBaccarat(defaultTableRules('no-commission'), 3000, seededRandom(7), '7');
    expect(a).toEqual(b);
  });

  it('starts a new shoe after the cut card round, and every round on an RNG table', () => {
    const live = new ShoeRunner(defaultTableRules('commission'), seededRandom(3));
    const state = new RoundState();
    let maxRound = 0;
    for (let i = 0; i < 500; i++) {
      live.nextRound(state);
      maxRound = Math.max(maxRound, live.roundInShoe);
    }
    expect(live.shoesUsed).toBeGreaterThan(5);
    expect(maxRound).toBeGreaterThan(60); // about 80 rounds per 8-deck shoe

    const rng = new ShoeRunner(defaultTableRules('rng'), seededRandom(3));
    for (let i = 0; i < 50; i++) rng.nextRound(state);
    expect(rng.shoesUsed).toBe(50);
    expect(rng.roundInShoe).toBe(1);
  });

  it('no-bet-rounds mode deals three rounds before the first betting round', () => {
    const runner = new ShoeRunner(
      { ...defaultTableRules('commission'), burnMode: 'no-bet-rounds' },
      seededRandom(4),
    );
    runner.nextRound(new RoundState());
    expect(runner.roundInShoe).toBe(4);
  });

  it('benchBaccarat returns both figures', () => {
    const result = benchBaccarat({ rounds: 20_000, exactRuns: 1 });
    expect(result.baccaratRoundsPerSec).toBeGreaterThan(0);
    expect(result.baccaratExactMs).toBeGreaterThan(0);
  });
});
