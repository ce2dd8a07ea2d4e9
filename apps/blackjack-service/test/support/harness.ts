import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startBlackjackService } from '../../src/app/bootstrap';
import { loadBlackjackConfig } from '../../src/config/blackjack-config';
import { catalogueEntries } from '../../src/catalogue-entries';

export type { LiveTable } from '@casino/service-testing';

/** The service's test harness (its config, bootstrap and ledger catalogue), as the contract spec takes it. */
export const harness = serviceHarness({
  name: 'bj',
  infra: testSupport,
  loadConfig: loadBlackjackConfig,
  start: startBlackjackService,
  ledgerTables: catalogueEntries,
});

export const { dealer, openLiveTable } = harness;

/** Scans cards one by one; each must be accepted. */
export async function scan(url: string, tableId: string, cards: string[]): Promise<void> {
  for (const card of cards) {
    const r = await dealer(url, tableId, 'card', { card });
    if (r.status !== 200) throw new Error(`card ${card} refused: ${JSON.stringify(r.body)}`);
  }
}
