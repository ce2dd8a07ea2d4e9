import { CatalogueEntry } from '@casino/table-kit/config';
import { BaccaratServiceConfig } from './config/baccarat-config';
import { ledgerTableConfig } from './bets/ledger-table-config';

/** The service's tables as the ledger's table catalogue registers them (see CatalogueEntry). */
export function catalogueEntries(config: BaccaratServiceConfig): CatalogueEntry[] {
  return config.tables.map((t) => ({
    tableId: t.id,
    currency: t.currency,
    dealer: t.dealer,
    producer: 'baccarat-service',
    variant: t.rules.variant,
    settings: ledgerTableConfig(t, 1),
  }));
}
