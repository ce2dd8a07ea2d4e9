import 'reflect-metadata';
import { runGameService } from '@casino/table-kit/nest';
import { startBlackjackService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadBlackjackConfig } from './config/blackjack-config';

void runGameService({
  name: 'blackjack-service',
  loadConfig: loadBlackjackConfig,
  catalogueEntries,
  start: startBlackjackService,
});
