import { loadBlackjackConfig } from '../config/blackjack-config';
import { ledgerTableConfig, mainLimitFor } from './table-context';

// Currencies per table (docs/ledger.md#currencies-per-table): the main bet's limit in the player's currency.
describe('a blackjack table with a second currency', () => {
  const [table] = loadBlackjackConfig({
    PLAYER_TOKEN_SECRET: 'x'.repeat(16),
    DEALER_API_KEY: 'y'.repeat(12),
    TABLES: JSON.stringify([
      {
        id: 'bj-1',
        currency: 'EUR',
        currencies: {
          TRY: { limits: { main: { min: '2000', max: '900000' } }, vipMax: { main: '2000000' } },
        },
      },
    ]),
  }).tables;

  it("holds each player to their currency's main limit and sends every profile to the ledger", () => {
    expect(mainLimitFor(table, 'TRY')).toEqual({
      mainLimit: { min: 2_000n, max: 900_000n },
      vipMain: 2_000_000n,
    });
    expect(mainLimitFor(table, 'EUR')).toEqual({ mainLimit: table.mainLimit, vipMain: undefined });
    expect(mainLimitFor(table, undefined)?.mainLimit).toEqual(table.mainLimit);
    const sent = ledgerTableConfig(table);
    expect(sent.currencies?.TRY.limits.main).toEqual({ min: 2_000n, max: 900_000n });
  });
});
