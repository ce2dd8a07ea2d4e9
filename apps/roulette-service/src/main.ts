import 'reflect-metadata';
import { runGameService } from '@casino/table-kit/nest';
import { startRouletteService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadRouletteConfig } from './config/roulette-config';

void runGameService({
  name: 'roulette-service',
  loadConfig: loadRouletteConfig,
  catalogueEntries,
  start: startRouletteService,
});
