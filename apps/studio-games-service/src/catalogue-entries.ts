import { CatalogueEntry } from '@casino/table-kit/config';
import { StudioServiceConfig } from './config/studio-config';

/** The service's tables as the ledger's table catalogue registers them (see CatalogueEntry). */
export function catalogueEntries(config: StudioServiceConfig): CatalogueEntry[] {
  return config.tables.map((t) => ({
    tableId: t.id,
    currency: t.currency,
    dealer: t.dealer,
    producer: 'studio-games-service',
    settings: t.settings,
  }));
}
