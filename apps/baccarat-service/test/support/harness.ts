import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startBaccaratService } from '../../src/app/bootstrap';
import { loadBaccaratConfig } from '../../src/config/baccarat-config';
import { catalogueEntries } from '../../src/catalogue-entries';

export type { LiveTable } from '@casino/service-testing';

export const { dealer, openLiveTable, tokenFor } = serviceHarness({
  name: 'bac',
  infra: testSupport,
  loadConfig: loadBaccaratConfig,
  start: startBaccaratService,
  ledgerTables: catalogueEntries,
});
