import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startBaccaratService } from '../../src/app/bootstrap';
import { loadBaccaratConfig } from '../../src/config/baccarat-config';
import { catalogueEntries } from '../../src/catalogue-entries';

export type { LiveTable } from '@casino/service-testing';

/** The service's test harness (its config, bootstrap and ledger catalogue), as the contract spec takes it. */
export const harness = serviceHarness({
  name: 'bac',
  infra: testSupport,
  loadConfig: loadBaccaratConfig,
  start: startBaccaratService,
  ledgerTables: catalogueEntries,
});

export const { dealer, openLiveTable, tokenFor } = harness;
