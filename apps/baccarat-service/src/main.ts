import 'reflect-metadata';
import { ConfigError, printCatalogue } from '@casino/table-kit';
import { startBaccaratService } from './app/bootstrap';
import { catalogueEntries } from './catalogue-entries';
import { BaccaratServiceConfig, loadBaccaratConfig } from './config/baccarat-config';

async function main(): Promise<void> {
  let config: BaccaratServiceConfig;
  try {
    config = loadBaccaratConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  if (process.argv.includes('--catalogue')) return printCatalogue(catalogueEntries(config));
  const service = await startBaccaratService(config);
  service.app.enableShutdownHooks();
  console.log(
    `baccarat-service listening on ${service.url} (tables: ${config.tables.map((t) => t.id).join(', ')})`,
  );
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
