import { createInstance } from 'i18next';
import { en } from '../../src/i18n/locales/en';
import { pl } from '../../src/i18n/locales/pl';
import {
  blackjackRuleLines,
  blackjackRulesOf,
  houseEdgeText,
  STANDARD_BLACKJACK_RULES,
} from '../../src/rules/blackjack-rules';

// What the blackjack service's rulesView sends (apps/blackjack-service/src/table/table-view.ts).
const standardView = {
  variant: null,
  houseEdge: 0.00737,
  houseEdgeExact: false,
  decks: 8,
  peek: 'ace',
  double: 'any-two',
  doubleAfterSplit: false,
  maxSplitHands: 2,
  resplitAces: false,
  splitAcesOneCard: true,
  blackjackPays: '3:2',
  dealerStandsOnSoft17: true,
  dealerHoleCard: true,
  insurancePays: '2:1',
};
const h17View = {
  ...standardView,
  variant: 'H17 6:5',
  houseEdge: 0.0221,
  blackjackPays: '6:5',
  dealerStandsOnSoft17: false,
  insurancePays: null,
  maxSplitHands: 4,
  resplitAces: true,
  peek: 'none',
};

async function linesIn(language: 'en' | 'pl', view: object): Promise<string[]> {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: en }, pl: { translation: pl } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return blackjackRuleLines(blackjackRulesOf(view)).map((l) => i18n.t(`rules.${l.key}`, l.params ?? {}));
}

describe("the blackjack rules dialog says this table's rules", () => {
  it('a standard table: the dealer stands on soft 17, peeks with an ace, one split, insurance', async () => {
    const lines = await linesIn('en', standardView);
    expect(lines).toEqual([
      'The dealer draws to 16 and stands on every 17, soft 17 included.',
      'With an ace up, the dealer checks for blackjack before the players act.',
      'A pair may be split once; both hands get their second card before you play either.',
      'Split aces get one card each.',
      'After a split you may only hit or stand.',
      'Insurance is offered when the dealer shows an ace; it pays 2:1.',
    ]);
  });

  it('an H17 variant says so, with its name, and never "stands on soft 17" (en, pl)', async () => {
    const lines = await linesIn('en', h17View);
    expect(lines[0]).toBe(
      'This table plays the “H17 6:5” variant: its rules differ from the standard ones as listed here.',
    );
    expect(lines).toContain('The dealer draws to 16 and hits soft 17; stands on hard 17 and above.');
    expect(lines.join(' ')).not.toMatch(/stands on every 17/);
    expect(lines).toContain(
      'Pairs may be split again, up to 4 hands; each new hand gets its second card before you play on.',
    );
    expect(lines).toContain('Split aces may be split again.');
    expect(lines).toContain('No insurance is offered at this table.');
    expect(lines.join(' ')).not.toMatch(/Insurance is offered/);
    expect(lines).toContain(
      'The dealer does not check for blackjack before the players act; a dealer blackjack also takes doubles and splits.',
    );
    const polish = await linesIn('pl', h17View);
    expect(polish).toContain(
      'Krupier dobiera do 16 i dobiera na miękkich 17; pasuje na twardych 17 i więcej.',
    );
    expect(polish.join(' ')).not.toMatch(/pasuje na każdych 17/);
  });

  it("reads the snapshot defensively: the operators' rules for what is missing", () => {
    expect(blackjackRulesOf(undefined)).toEqual(STANDARD_BLACKJACK_RULES);
    expect(blackjackRulesOf({ dealerStandsOnSoft17: 'no', peek: 'sometimes', variant: '' })).toEqual(
      STANDARD_BLACKJACK_RULES,
    );
    expect(blackjackRulesOf(h17View)).toMatchObject({
      variant: 'H17 6:5',
      houseEdge: 0.0221,
      insurance: false,
    });
    expect(houseEdgeText(0.00737, 'en')).toBe('0.74%');
  });
});
