import { BlackjackError } from './errors';
import {
  BLACKJACK_PAYOUTS,
  BlackjackRules,
  DEFAULT_RULES,
  cutCardBounds,
  defaultCutCard,
  knownPayout,
  resolveRules,
  seedDepartures,
  validateBlackjackRules,
  validateTableRules,
  withDefaultRules,
} from './rules';

const problemsOf = (overrides: Partial<BlackjackRules>) =>
  validateBlackjackRules(withDefaultRules(overrides));
const settings = (overrides: Partial<BlackjackRules>) => problemsOf(overrides).map((p) => p.setting);

describe('default rules (docs/rules/blackjack.md#table-settings)', () => {
  it('follow docs/rules/blackjack.md: no double after split, 8 decks, cut card 4 decks from the back, S17, 3:2, split once', () => {
    expect(DEFAULT_RULES).toEqual({
      decks: 8,
      cutCard: { fromBack: 208 },
      dealerHitsSoft17: false,
      blackjackPays: { num: 3n, den: 2n },
      double: 'any-two',
      doubleAfterSplit: false,
      maxSplitHands: 2,
      resplitAces: false,
      splitAcesOneCard: true,
      peek: 'ace',
      dealerHoleCard: true,
      insurance: true,
    });
    expect(resolveRules().doubleAfterSplit).toBe(false);
    expect(resolveRules({ doubleAfterSplit: true }).doubleAfterSplit).toBe(true);
    expect(validateBlackjackRules(DEFAULT_RULES)).toEqual([]);
  });

  it('put the cut card at half the shoe, at least one deck from the back (half of a one-deck shoe)', () => {
    expect([1, 2, 3, 4, 6, 8].map((decks) => defaultCutCard(decks))).toEqual([
      { fromBack: 26 },
      { fromBack: 52 },
      { fromBack: 78 },
      { fromBack: 104 },
      { fromBack: 156 },
      { fromBack: 208 },
    ]);
    expect(cutCardBounds(8)).toEqual({ min: 52, max: 208 });
    expect(cutCardBounds(6)).toEqual({ min: 52, max: 156 });
    expect(cutCardBounds(1)).toEqual({ min: 26, max: 26 });
    // A shoe size without a cut card of its own gets its own default, not 8 decks' 208.
    expect(resolveRules({ decks: 6 }).cutCard).toEqual({ fromBack: 156 });
    expect(resolveRules({ decks: 6, cutCard: { fromBack: 60 } }).cutCard).toEqual({ fromBack: 60 });
  });
});

describe('validateBlackjackRules', () => {
  it('accepts every documented value', () => {
    for (const pays of Object.values(BLACKJACK_PAYOUTS))
      expect(problemsOf({ blackjackPays: pays })).toEqual([]);
    for (const double of ['any-two', '9-11', '10-11', 'none'] as const)
      expect(problemsOf({ double })).toEqual([]);
    for (const maxSplitHands of [1, 2, 3, 4]) expect(problemsOf({ maxSplitHands })).toEqual([]);
    expect(problemsOf({ peek: 'none', dealerHoleCard: false, insurance: false, resplitAces: true })).toEqual(
      [],
    );
    expect(problemsOf({ cutCard: { fromBack: 52 } })).toEqual([]);
    expect(problemsOf({ cutCard: { minFromBack: 104, maxFromBack: 208 } })).toEqual([]);
  });

  it('refuses a payout that is not 3:2, 6:5 or 1:1, naming it', () => {
    expect(problemsOf({ blackjackPays: { num: 1000n, den: 1n } })).toEqual([
      {
        setting: 'blackjackPays',
        message: 'blackjackPays 1000:1 is not a known payout; use one of 3:2, 6:5, 1:1',
      },
    ]);
    expect(settings({ blackjackPays: { num: 6n, den: 4n } })).toEqual(['blackjackPays']);
    expect(settings({ blackjackPays: { num: 3, den: 2 } as never })).toEqual(['blackjackPays']);
    expect(knownPayout({ num: 6n, den: 5n })).toBe('6:5');
    expect(knownPayout({ num: 2n, den: 1n })).toBeUndefined();
  });

  it("keeps maxSplitHands within the engine's 1..4", () => {
    for (const maxSplitHands of [0, 5, 2.5]) {
      expect(problemsOf({ maxSplitHands })[0]?.message).toMatch(/^maxSplitHands must be 1\.\.4/);
    }
  });

  it('keeps the cut card at least one deck from the back and out of the first half of the shoe', () => {
    expect(problemsOf({ cutCard: { fromBack: 51 } })[0]).toEqual({
      setting: 'cutCard',
      message:
        'cutCard must leave 52..208 cards (1 deck to 4 decks) behind it with 8 decks in the shoe — at least ' +
        'one deck from the back, not in the first half of the shoe — got 51 cards (0.98 decks)',
    });
    expect(settings({ cutCard: { fromBack: 209 } })).toEqual(['cutCard']);
    expect(settings({ decks: 6, cutCard: { fromBack: 208 } })).toEqual(['cutCard']);
    expect(settings({ decks: 1, cutCard: { fromBack: 40 } })).toEqual(['cutCard']);
    expect(settings({ cutCard: { minFromBack: 10, maxFromBack: 200 } })).toEqual(['cutCard']);
    expect(settings({ cutCard: { minFromBack: 200, maxFromBack: 100 } })).toEqual(['cutCard']);
  });

  it('lists every problem, each naming its setting', () => {
    const problems = problemsOf({
      decks: 9,
      double: 'soft' as never,
      peek: 'ace',
      dealerHoleCard: false,
      insurance: 'yes' as never,
      maxSplitHands: 7,
    });
    expect(problems.map((p) => p.setting)).toEqual(['decks', 'double', 'maxSplitHands', 'insurance', 'peek']);
    for (const p of problems) expect(p.message.startsWith(p.setting)).toBe(true);
  });

  it('is what resolveRules and startRound enforce (INVALID_RULES, every message)', () => {
    const bad = () => resolveRules({ blackjackPays: { num: 1000n, den: 1n }, maxSplitHands: 9 });
    expect(bad).toThrow(BlackjackError);
    expect(bad).toThrow(/blackjackPays 1000:1 .*; maxSplitHands must be 1\.\.4/);
  });
});

describe("a live table departing from the operators' rules (validateTableRules, docs/rules/blackjack.md#variants)", () => {
  const tableProblems = (overrides: Partial<BlackjackRules>) =>
    validateTableRules(withDefaultRules(overrides));

  it("takes the default rules, which are the operators', without a variant name", () => {
    expect(seedDepartures(DEFAULT_RULES)).toEqual([]);
    expect(validateTableRules(DEFAULT_RULES)).toEqual([]);
    // Left to the casino by those rules: decks, cut card, double restrictions, one card to split aces.
    expect(tableProblems({ decks: 6, double: '10-11', splitAcesOneCard: false })).toEqual([]);
  });

  it('refuses each departure without a variant name, naming the setting', () => {
    const departing: Partial<BlackjackRules>[] = [
      { blackjackPays: BLACKJACK_PAYOUTS['6:5'] },
      { blackjackPays: BLACKJACK_PAYOUTS['1:1'] },
      { dealerHitsSoft17: true },
      { doubleAfterSplit: true },
      { maxSplitHands: 4 },
      { maxSplitHands: 1 },
      { insurance: false },
      { peek: 'ace-and-ten' },
      { peek: 'none' },
    ];
    for (const overrides of departing) {
      const problems = tableProblems(overrides);
      expect(problems.map((p) => p.setting)).toEqual(Object.keys(overrides));
      expect(problems[0].message).toMatch(/needs a variant name \(variant\)$/);
      // The engine itself plays them (simulations, tests).
      expect(validateBlackjackRules(withDefaultRules(overrides))).toEqual([]);
    }
    expect(tableProblems({ maxSplitHands: 4, resplitAces: true }).map((p) => p.setting)).toEqual([
      'maxSplitHands',
      'resplitAces',
    ]);
    expect(tableProblems({ peek: 'none', dealerHoleCard: false }).map((p) => p.setting)).toEqual([
      'peek',
      'dealerHoleCard',
    ]);
    expect(tableProblems({ peek: 'ace-and-ten' })[0].message).toMatch(
      /^peek ace-and-ten: the dealer checks for blackjack with an Ace or a ten up \(the rules: with an Ace up only\)/,
    );
    expect(tableProblems({ dealerHitsSoft17: true })[0].message).toBe(
      'dealerHitsSoft17: the dealer hits soft 17 (the rules: stands on every 17); ' +
        'a table that departs from the rules needs a variant name (variant)',
    );
  });

  it('allows them under a variant name, and only where there is a departure', () => {
    expect(
      tableProblems({ dealerHitsSoft17: true, blackjackPays: BLACKJACK_PAYOUTS['6:5'], variant: 'H17 6:5' }),
    ).toEqual([]);
    expect(tableProblems({ variant: 'Classic' })).toEqual([
      {
        setting: 'variant',
        message: "variant Classic: these rules follow the operators' rules; leave variant out",
      },
    ]);
    for (const name of ['', ' H17', 'x'.repeat(49), '<b>H17</b>', 'a\nb']) {
      expect(tableProblems({ dealerHitsSoft17: true, variant: name }).map((p) => p.setting)).toEqual([
        'variant',
      ]);
    }
    expect(tableProblems({ dealerHitsSoft17: true, variant: 42 as never })[0].setting).toBe('variant');
  });
});
