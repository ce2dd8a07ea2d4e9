import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startRouletteService } from '../../src/app/bootstrap';
import { loadRouletteConfig } from '../../src/config/roulette-config';
import { catalogueEntries } from '../../src/catalogue-entries';

export type { LiveTable } from '@casino/service-testing';

/** The service's test harness (its config, bootstrap and ledger catalogue), as the contract spec takes it. */
export const harness = serviceHarness({
  name: 'rou',
  infra: testSupport,
  loadConfig: loadRouletteConfig,
  start: startRouletteService,
  ledgerTables: catalogueEntries,
});

export const { dealer, openLiveTable } = harness;
