import { seededRandom } from '@casino/cards';
import { referenceEdge } from '../cli/reference';
import { parseRtpArgs } from '../cli/rtp-args';
import { resolveRules } from '../rules';
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

describe('rtp command line', () => {
  it('parses the flags of `npm run rtp -- blackjack`', () => {
    const args = parseRtpArgs([
      '--decks',
      '8',
      '--peek',
      'ace-and-ten',
      '--no-das',
      '--h17',
      '--hands',
      '1_000',
      '--seed',
      's',
      '--json',
    ]);
    expect(args).toMatchObject({ hands: 1000, seed: 's', json: true, seats: 1 });
    expect(args.rules).toMatchObject({
      decks: 8,
      peek: 'ace-and-ten',
      doubleAfterSplit: false,
      dealerHitsSoft17: true,
    });
    expect(args.rules.cutCard).toEqual({ fromBack: 208 });
    expect(() => parseRtpArgs(['--peek', 'sometimes'])).toThrow(/--peek/);
    expect(() => parseRtpArgs(['--hands'])).toThrow(/needs a value/);
    expect(() => parseRtpArgs(['--wat'])).toThrow(/unknown argument/);
  });

  it('knows the reference figures of rules/blackjack.md', () => {
    expect(referenceEdge(resolveRules({ peek: 'ace-and-ten' }))?.houseEdge).toBe(0.00486);
    expect(referenceEdge(resolveRules({ peek: 'ace-and-ten', doubleAfterSplit: false }))?.houseEdge).toBe(
      0.00607,
    );
    expect(referenceEdge(resolveRules({ peek: 'none' }))?.houseEdge).toBe(0.00597);
    expect(referenceEdge(resolveRules({ peek: 'none', doubleAfterSplit: false }))?.houseEdge).toBe(0.00717);
    expect(referenceEdge(resolveRules({ peek: 'ace' }))).toBeNull();
    expect(referenceEdge(resolveRules({ peek: 'none', dealerHitsSoft17: true }))).toBeNull();
  });
});
