import 'reflect-metadata';
import { runGameService } from '@casino/table-kit/nest';
import { startStudioGamesService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadStudioConfig } from './config/studio-config';

void runGameService({
  name: 'studio-games-service',
  loadConfig: loadStudioConfig,
  catalogueEntries,
  start: startStudioGamesService,
});
