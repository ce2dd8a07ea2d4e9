import { CatalogueEntry } from '@casino/table-kit/config';
import { BlackjackServiceConfig } from './config/blackjack-config';
import { ledgerTableConfig } from './table/table-context';

/** The service's tables as the ledger's table catalogue registers them (see CatalogueEntry). */
export function catalogueEntries(config: BlackjackServiceConfig): CatalogueEntry[] {
  return config.tables.map((t) => ({
    tableId: t.id,
    currency: t.currency,
    dealer: t.dealer,
    producer: 'blackjack-service',
    // A table departing from the operators' rules under its variant name; the others are 'standard'.
    variant: t.rules.variant,
    settings: ledgerTableConfig(t),
  }));
}
