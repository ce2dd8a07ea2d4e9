import { DEFAULT_RULES } from '@casino/blackjack';
import { blackjackTableRules, makeEvent } from '@casino/events';
import { loadBlackjackConfig } from '../config/blackjack-config';
import { ledgerTableConfig } from './table-context';
import { rulesView } from './table-view';

const [table] = loadBlackjackConfig({
  PLAYER_TOKEN_SECRET: 'x'.repeat(16),
  DEALER_API_KEY: 'y'.repeat(12),
  TABLES: JSON.stringify([
    {
      id: 'bj-6-5',
      decks: 6,
      cutCardDecks: 2,
      peek: 'ace-and-ten',
      blackjackPays: '6:5',
      double: '10-11',
      doubleAfterSplit: true,
      maxSplitHands: 3,
      resplitAces: true,
      splitAcesOneCard: false,
      dealerHitsSoft17: true,
      insurance: false,
      variant: 'H17 6:5',
    },
  ]),
}).tables;

describe("a table's settings as the ledger and the players get them", () => {
  it('RoundOpened.table passes the ledger schema and stands for the rules the service deals with', () => {
    // makeEvent checks the event as the ledger's consumer decodes it.
    const opened = makeEvent('RoundOpened', {
      tableId: table.id,
      roundId: 'r-1',
      game: 'blackjack',
      currency: 'EUR',
      table: ledgerTableConfig(table),
      bettingClosesAt: new Date(0).toISOString(),
    });
    const parsed = opened.table;
    if (parsed.game !== 'blackjack') throw new Error('not blackjack');
    // The ledger replays with these; only the cut card, which it does not need, is left out.
    const { cutCard: _cut, ...rules } = table.rules;
    expect(blackjackTableRules(parsed)).toMatchObject(rules);
    expect(parsed).toMatchObject({
      blackjackPays: { num: 6, den: 5 },
      doubleAfterSplit: true,
      maxSplitHands: 3,
      variant: 'H17 6:5',
    });
  });

  it('the table view shows the payout and the double and split rules of this table', () => {
    expect(rulesView(table.rules)).toEqual({
      variant: 'H17 6:5',
      houseEdge: expect.any(Number),
      houseEdgeExact: false,
      decks: 6,
      peek: 'ace-and-ten',
      double: '10-11',
      doubleAfterSplit: true,
      maxSplitHands: 3,
      resplitAces: true,
      splitAcesOneCard: false,
      blackjackPays: '6:5',
      dealerStandsOnSoft17: false,
      dealerHoleCard: true,
      insurancePays: null,
    });
    // Its own edge: 6:5 and H17 cost the player more than the standard table's.
    const standard = rulesView(DEFAULT_RULES) as { variant: null; houseEdge: number };
    const variant = rulesView(table.rules) as { houseEdge: number };
    expect(standard.variant).toBeNull();
    expect(standard.houseEdge).toBeCloseTo(0.00737, 5);
    expect(variant.houseEdge).toBeGreaterThan(standard.houseEdge + 0.01);
  });
});
