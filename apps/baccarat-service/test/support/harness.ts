import { serviceHarness } from '@casino/service-testing';
import * as testSupport from '@casino/test-support';
import { startBaccaratService } from '../../src/app/bootstrap';
import { loadBaccaratConfig } from '../../src/config/baccarat-config';
import { ledgerTableConfig } from '../../src/bets/ledger-table-config';

export type { LiveTable } from '@casino/service-testing';

export const { dealer, openLiveTable } = serviceHarness({
  name: 'bac',
  infra: testSupport,
  loadConfig: loadBaccaratConfig,
  start: startBaccaratService,
  ledgerTables: (config) =>
    config.tables.map((t) => ({
      tableId: t.id,
      currency: t.currency,
      producer: 'baccarat-service',
      variant: t.rules.variant,
      settings: ledgerTableConfig(t, 1),
    })),
});
