import { resolveRules } from '../core/rules';
import { referenceEdge } from './reference';
import { parseRtpArgs } from './rtp-args';

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
