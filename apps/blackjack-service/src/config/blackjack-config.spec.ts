import { ConfigError } from '@casino/table-kit/config';
import { DEFAULT_RULES } from '@casino/blackjack';
import { loadBlackjackConfig } from './blackjack-config';

const env = (tables: unknown[]) => ({
  PLAYER_TOKEN_SECRET: 'x'.repeat(16),
  DEALER_API_KEY: 'y'.repeat(12),
  TABLES: JSON.stringify(tables),
});
const load = (...tables: Record<string, unknown>[]) => loadBlackjackConfig(env(tables));
const problemsOf = (...tables: Record<string, unknown>[]): string[] => {
  try {
    load(...tables);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  throw new Error('the configuration loaded');
};

describe('blackjack tables in TABLES', () => {
  it("take the engine's defaults: no double after split, 8 decks, cut card 4 decks from the back, 3:2", () => {
    const [table] = loadBlackjackConfig(env([{ id: 'bj-1' }])).tables;
    expect(table.rules).toEqual(DEFAULT_RULES);
    expect(table.rules.doubleAfterSplit).toBe(false);
    expect(table.rules.cutCard).toEqual({ fromBack: 208 });
  });

  it('set the double, split and payout rules per table', () => {
    const [table] = load({
      id: 'bj-vip',
      decks: 6,
      cutCardDecks: 2.5,
      peek: 'ace-and-ten',
      dealerHitsSoft17: true,
      blackjackPays: '6:5',
      double: '9-11',
      doubleAfterSplit: true,
      maxSplitHands: 4,
      resplitAces: true,
      splitAcesOneCard: false,
      insurance: false,
      variant: 'VIP H17 6:5',
    }).tables;
    expect(table.rules).toEqual({
      ...DEFAULT_RULES,
      decks: 6,
      cutCard: { fromBack: 130 },
      peek: 'ace-and-ten',
      dealerHitsSoft17: true,
      blackjackPays: { num: 6n, den: 5n },
      double: '9-11',
      doubleAfterSplit: true,
      maxSplitHands: 4,
      resplitAces: true,
      splitAcesOneCard: false,
      insurance: false,
      variant: 'VIP H17 6:5',
    });
  });

  it("fail the boot on a departure from the operators' rules without a variant name, setting by setting", () => {
    expect(problemsOf({ id: 'bj-h17', dealerHitsSoft17: true, blackjackPays: '6:5' })).toEqual([
      'TABLES.bj-h17: dealerHitsSoft17: the dealer hits soft 17 (the rules: stands on every 17); ' +
        'a table that departs from the rules needs a variant name (variant)',
      'TABLES.bj-h17: blackjackPays 6:5: below 3:2 (the rules: at least 3 to 2); ' +
        'a table that departs from the rules needs a variant name (variant)',
    ]);
    for (const setting of [
      { doubleAfterSplit: true },
      { maxSplitHands: 4 },
      { insurance: false },
      { peek: 'none' },
      { peek: 'ace-and-ten' },
    ]) {
      expect(problemsOf({ id: 'bj-x', ...setting })).toHaveLength(1);
      expect(load({ id: 'bj-x', ...setting, variant: 'House rules' }).tables[0].rules.variant).toBe(
        'House rules',
      );
    }
    expect(problemsOf({ id: 'bj-1', variant: 'Classic' })).toEqual([
      "TABLES.bj-1: variant Classic: these rules follow the operators' rules; leave variant out",
    ]);
    expect(problemsOf({ id: 'bj-1', dealerHitsSoft17: true, variant: '<script>' })).toHaveLength(1);
  });

  it('put the cut card at half the shoe by default, whatever the decks', () => {
    const tables = load({ id: 'd6', decks: 6 }, { id: 'd2', decks: 2 }, { id: 'd1', decks: 1 }).tables;
    expect(tables.map((t) => t.rules.cutCard)).toEqual([
      { fromBack: 156 },
      { fromBack: 52 },
      { fromBack: 26 },
    ]);
  });

  it('fail the boot on a payout that is not 3:2, 6:5 or 1:1, naming it', () => {
    expect(problemsOf({ id: 'bj-1', blackjackPays: '1000:1' })).toEqual([
      'TABLES.bj-1: blackjackPays 1000:1 is not a known payout; use one of 3:2, 6:5, 1:1',
    ]);
    expect(() => load({ id: 'bj-1', blackjackPays: '1000:1' })).toThrow(/blackjackPays 1000:1/);
    expect(problemsOf({ id: 'bj-1', blackjackPays: 'lots' })).toEqual([
      '0.blackjackPays: a ratio "num:den", such as "3:2"',
    ]);
  });

  it('fail the boot on split hands out of range, a misplaced cut card or an unknown double rule', () => {
    expect(problemsOf({ id: 'a', maxSplitHands: 5 })).toEqual([
      'TABLES.a: maxSplitHands must be 1..4 (1 = no split, 2 = split once), got 5',
    ]);
    expect(problemsOf({ id: 'a', cutCardDecks: 5 })[0]).toMatch(
      /^TABLES\.a: cutCardDecks 5: cutCard must leave 52\.\.208 cards .* got 260 cards \(5 decks\)$/,
    );
    expect(problemsOf({ id: 'a', decks: 6, cutCardDecks: 0.5 })[0]).toMatch(
      /cutCardDecks 0\.5: .*got 26 cards/,
    );
    expect(problemsOf({ id: 'a', cutCard: { fromBack: 7 } })[0]).toMatch(
      /^TABLES\.a: cutCard must leave 52\.\.208/,
    );
    expect(problemsOf({ id: 'a', cutCardDecks: 3, cutCard: { fromBack: 100 } })).toEqual([
      'TABLES.a: set cutCardDecks or cutCard, not both',
    ]);
    expect(problemsOf({ id: 'a', double: 'soft-only' })[0]).toMatch(
      /^0\.double: Invalid option: expected one of "any-two"\|"9-11"/,
    );
    expect(problemsOf({ id: 'a', decks: 10 })).toEqual([
      'TABLES.a: decks must be a whole number 1..8, got 10',
    ]);
  });

  it('list every problem of every table', () => {
    expect(
      problemsOf({ id: 'a', blackjackPays: '2:1', maxSplitHands: 0 }, { id: 'b', cutCardDecks: 4.5 }),
    ).toEqual([
      'TABLES.a: blackjackPays 2:1 is not a known payout; use one of 3:2, 6:5, 1:1',
      'TABLES.a: maxSplitHands must be 1..4 (1 = no split, 2 = split once), got 0',
      expect.stringMatching(/^TABLES\.b: cutCardDecks 4\.5: /),
    ]);
  });
});
