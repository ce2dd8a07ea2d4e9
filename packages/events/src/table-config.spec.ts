import { resolveRules } from '@casino/blackjack';
import { blackjackTableRules, tableConfigSchema } from './table-config';

const blackjack = (over: Record<string, unknown> = {}) => ({
  game: 'blackjack',
  limits: { main: { min: '100', max: '500000' } },
  decks: 8,
  peek: 'ace',
  doubleAfterSplit: false,
  ...over,
});

const messages = (input: unknown) => {
  const parsed = tableConfigSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('RoundOpened.table for blackjack', () => {
  it('takes the engine defaults for what the service leaves out, and stands for the same rules', () => {
    const parsed = tableConfigSchema.parse(blackjack());
    expect(parsed).toMatchObject({ blackjackPays: { num: 3, den: 2 }, maxSplitHands: 2, double: 'any-two' });
    if (parsed.game !== 'blackjack') throw new Error('not blackjack');
    expect(blackjackTableRules(parsed)).toEqual(resolveRules({ peek: 'ace' }));
    const six = tableConfigSchema.parse(
      blackjack({ decks: 6, blackjackPays: { num: 6, den: 5 }, maxSplitHands: 4, variant: '6:5 resplit' }),
    );
    if (six.game !== 'blackjack') throw new Error('not blackjack');
    expect(blackjackTableRules(six)).toMatchObject({
      decks: 6,
      cutCard: { fromBack: 156 },
      maxSplitHands: 4,
      variant: '6:5 resplit',
    });
  });

  it("refuses a departure from the operators' rules without a variant name (validateTableRules)", () => {
    expect(messages(blackjack({ dealerHitsSoft17: true }))).toEqual([
      'dealerHitsSoft17: dealerHitsSoft17: the dealer hits soft 17 (the rules: stands on every 17); ' +
        'a table that departs from the rules needs a variant name (variant)',
    ]);
    expect(
      messages(blackjack({ blackjackPays: { num: 6, den: 5 }, insurance: false })).map(
        (m) => m.split(':')[0],
      ),
    ).toEqual(['blackjackPays', 'insurance']);
    expect(messages(blackjack({ dealerHitsSoft17: true, variant: 'H17' }))).toEqual([]);
    expect(messages(blackjack({ variant: 'Classic' }))).toEqual([
      "variant: variant Classic: these rules follow the operators' rules; leave variant out",
    ]);
  });

  it("refuses what the engine's validateBlackjackRules refuses, with its message", () => {
    expect(messages(blackjack({ blackjackPays: { num: 1000, den: 1 } }))).toEqual([
      'blackjackPays: blackjackPays 1000:1 is not a known payout; use one of 3:2, 6:5, 1:1',
    ]);
    expect(messages(blackjack({ maxSplitHands: 5 }))).toEqual([
      'maxSplitHands: maxSplitHands must be 1..4 (1 = no split, 2 = split once), got 5',
    ]);
    expect(messages(blackjack({ decks: 9 }))).toEqual(['decks: decks must be a whole number 1..8, got 9']);
    expect(messages(blackjack({ dealerHoleCard: false }))).toEqual([
      'peek: peek must be none without a hole card (dealerHoleCard false), got ace',
    ]);
    expect(messages(blackjack({ dealerHoleCard: false, peek: 'none', variant: 'European' }))).toEqual([]);
  });

  it('leaves the other games alone', () => {
    expect(messages({ game: 'roulette', limits: {} })).toEqual([]);
  });
});
