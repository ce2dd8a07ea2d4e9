import 'reflect-metadata';
import { runGameService } from '@casino/table-kit/nest';
import { startBaccaratService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadBaccaratConfig } from './config/baccarat-config';

void runGameService({
  name: 'baccarat-service',
  loadConfig: loadBaccaratConfig,
  catalogueEntries,
  start: startBaccaratService,
});
