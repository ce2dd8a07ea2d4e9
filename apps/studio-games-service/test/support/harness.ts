import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startStudioGamesService } from '../../src/app/bootstrap';
import { catalogueEntries } from '../../src/catalogue-entries';
import { loadStudioConfig } from '../../src/config/studio-config';

export type { LiveTable } from '@casino/service-testing';

/** The service's test harness (its config, bootstrap and ledger catalogue), as the contract spec takes it. */
export const harness = serviceHarness({
  name: 'studio',
  infra: testSupport,
  loadConfig: loadStudioConfig,
  start: startStudioGamesService,
  ledgerTables: catalogueEntries,
});

export const { dealer, openLiveTable } = harness;
