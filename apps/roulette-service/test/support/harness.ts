import { serviceHarness } from '@casino/table-kit/testing';
import * as testSupport from '@casino/test-support';
import { startRouletteService } from '../../src/app/bootstrap';
import { loadRouletteConfig } from '../../src/config/roulette-config';

export type { TestEnv } from '@casino/table-kit/testing';

export const { startLedger, createTestEnv, startService, connect, dealer } = serviceHarness({
  name: 'rou',
  infra: testSupport,
  loadConfig: loadRouletteConfig,
  start: startRouletteService,
});
