import { TEST_PLAYER_SECRET } from '@casino/service-testing';
import { LedgerCatalogueTable } from '@casino/test-support';
import { ledgerTableConfig } from '../../src/bets/ledger-table-config';
import { loadBaccaratConfig } from '../../src/config/baccarat-config';

/** The service's `TABLES` as the ledger's catalogue must hold them (it refuses rounds of tables it does not know). */
export function ledgerTablesOf(tables: readonly object[]): LedgerCatalogueTable[] {
  return loadBaccaratConfig({
    PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
    DEALER_API_KEY: 'x'.repeat(12),
    TABLES: JSON.stringify(tables),
  }).tables.map((t) => ({
    tableId: t.id,
    currency: t.currency,
    producer: 'baccarat-service',
    variant: t.rules.variant,
    settings: ledgerTableConfig(t, 1),
  }));
}
