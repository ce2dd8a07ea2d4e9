import { serviceHarness } from '@casino/table-kit/testing';
import * as testSupport from '@casino/test-support';
import { startBaccaratService } from '../../src/app/bootstrap';
import { loadBaccaratConfig } from '../../src/config/baccarat-config';

export type { TestEnv } from '@casino/table-kit/testing';

export const { startLedger, createTestEnv, startService, connect, dealer } = serviceHarness({
  name: 'bac',
  infra: testSupport,
  loadConfig: loadBaccaratConfig,
  start: startBaccaratService,
});
