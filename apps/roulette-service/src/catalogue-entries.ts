import { CatalogueEntry } from '@casino/table-kit/config';
import { RouletteServiceConfig } from './config/roulette-config';
import { ledgerTableConfig } from './table/table-context';

/** The service's tables as the ledger's table catalogue registers them (see CatalogueEntry). */
export function catalogueEntries(config: RouletteServiceConfig): CatalogueEntry[] {
  return config.tables.map((t) => ({
    tableId: t.id,
    currency: t.currency,
    dealer: t.dealer,
    producer: 'roulette-service',
    settings: ledgerTableConfig(t),
  }));
}
