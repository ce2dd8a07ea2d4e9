import { BLACKJACK_PAYOUTS, DEFAULT_RULES, withDefaultRules } from './rules';
import { blackjackWinChance, houseEdgeOf } from './house-edge';

const edgeOf = (overrides: Parameters<typeof withDefaultRules>[0]) =>
  houseEdgeOf(withDefaultRules(overrides));

describe('houseEdgeOf (docs/blackjack.md#house-edge-of-a-table)', () => {
  it('is exact for the reference rules, plus the basic-strategy allowance', () => {
    expect(edgeOf({ peek: 'ace-and-ten' })).toEqual({
      edge: 0.00607,
      basicStrategy: 0.00607 + 0.0002,
      exact: true,
    });
    expect(edgeOf({ peek: 'ace-and-ten', doubleAfterSplit: true }).edge).toBe(0.00486);
    expect(edgeOf({ peek: 'none' }).edge).toBe(0.00717);
    expect(edgeOf({ peek: 'none', dealerHoleCard: false, doubleAfterSplit: true }).edge).toBe(0.00597);
  });

  it('estimates the default table (peek with an Ace only) and every variant from the nearest exact figure', () => {
    const standard = houseEdgeOf(DEFAULT_RULES);
    expect(standard.exact).toBe(false);
    expect(standard.basicStrategy).toBeGreaterThan(0.0064);
    expect(standard.basicStrategy).toBeLessThan(0.0085);
    const h17 = edgeOf({ dealerHitsSoft17: true });
    expect(h17.basicStrategy - standard.basicStrategy).toBeCloseTo(0.0022, 6);
    // 6:5 costs 0.3 of a stake on every paid blackjack: about 1.36 points with 8 decks.
    expect(blackjackWinChance(8)).toBeCloseTo(0.045266, 6);
    const sixFive = edgeOf({ blackjackPays: BLACKJACK_PAYOUTS['6:5'] });
    expect(sixFive.basicStrategy - standard.basicStrategy).toBeCloseTo(0.3 * blackjackWinChance(8), 9);
    const evens = edgeOf({ blackjackPays: { num: 1, den: 1 } as never });
    expect(evens.basicStrategy - standard.basicStrategy).toBeCloseTo(0.5 * blackjackWinChance(8), 9);
    // A player-friendly variant lowers it.
    expect(
      edgeOf({ doubleAfterSplit: true, maxSplitHands: 4, resplitAces: true }).basicStrategy,
    ).toBeLessThan(standard.basicStrategy);
  });

  it('counts a double after split only where a split and a double can both happen', () => {
    const noSplit = edgeOf({ peek: 'ace-and-ten', maxSplitHands: 1 });
    expect(edgeOf({ peek: 'ace-and-ten', maxSplitHands: 1, doubleAfterSplit: true })).toEqual(noSplit);
    const noDouble = edgeOf({ peek: 'ace-and-ten', double: 'none' });
    expect(edgeOf({ peek: 'ace-and-ten', double: 'none', doubleAfterSplit: true })).toEqual(noDouble);
  });
});
