import { loadBaccaratConfig } from '../config/baccarat-config';
import { ledgerTableConfig } from './ledger-table-config';

describe('ledgerTableConfig', () => {
  it("sends the table's own side-bet cut-offs, so the ledger enforces what the service shows", () => {
    const config = loadBaccaratConfig({
      PLAYER_TOKEN_SECRET: 'a-test-secret-of-thirty-two-chars!',
      DEALER_API_KEY: 'a-dealer-key-for-tests',
      TABLES: JSON.stringify([
        { id: 'short-sides', variant: 'commission', currency: 'EUR', sideBetLastRound: { luckySix: 20 } },
      ]),
    });
    const table = config.tables[0];
    const sent = ledgerTableConfig(table, 21);
    expect(sent).toMatchObject({ game: 'baccarat', roundInShoe: 21 });
    expect(sent.game === 'baccarat' && sent.sideBetLastRound).toMatchObject({ luckySix: 20, playerPair: 60 });
  });
});
