import 'reflect-metadata';
import {
  ConfigError,
  loadObservabilityConfig,
  ObservabilityConfig,
  ObservabilityConfigError,
  printCatalogue,
  serviceLogger,
} from '@casino/table-kit';
import { startBlackjackService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadBlackjackConfig, BlackjackServiceConfig } from './config/blackjack-config';

async function main(): Promise<void> {
  let config: BlackjackServiceConfig;
  let observability: ObservabilityConfig;
  try {
    config = loadBlackjackConfig(process.env);
    observability = loadObservabilityConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ObservabilityConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (process.argv.includes('--catalogue')) return printCatalogue(catalogueEntries(config));
  const service = await startBlackjackService(config, {}, serviceLogger(observability));
  service.app.enableShutdownHooks();
  console.log(
    `blackjack-service listening on ${service.url} (tables: ${config.tables.map((t) => t.id).join(', ')})`,
  );
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
