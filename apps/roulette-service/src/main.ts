import 'reflect-metadata';
import {
  ConfigError,
  loadObservabilityConfig,
  ObservabilityConfig,
  ObservabilityConfigError,
  printCatalogue,
  serviceLogger,
} from '@casino/table-kit';
import { startRouletteService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { loadRouletteConfig, RouletteServiceConfig } from './config/roulette-config';

async function main(): Promise<void> {
  let config: RouletteServiceConfig;
  let observability: ObservabilityConfig;
  try {
    config = loadRouletteConfig(process.env);
    observability = loadObservabilityConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError || err instanceof ObservabilityConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (process.argv.includes('--catalogue')) return printCatalogue(catalogueEntries(config));
  const service = await startRouletteService(config, {}, serviceLogger(observability));
  service.app.enableShutdownHooks();
  console.log(
    `roulette-service listening on ${service.url} (tables: ${config.tables.map((t) => t.id).join(', ')})`,
  );
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
