import { loadObservabilityConfig, readBootConfig, serviceLogger } from '@casino/observability';
import { LoggerService } from '@nestjs/common';
import { CatalogueEntry, printCatalogue } from '../config/catalogue-entry';
import { ConfigError } from '../config/load-config';
import { PortOverrides, RunningService } from './common-providers';

/** What differs between the game services' entry points; the rest is `runGameService`'s. */
export interface GameServiceEntry<C extends { tables: readonly { id: string }[] }> {
  /** e.g. baccarat-service, as the start-up line names it. */
  name: string;
  loadConfig(env: NodeJS.ProcessEnv): C;
  catalogueEntries(config: C): CatalogueEntry[];
  start(config: C, overrides: PortOverrides, logger: LoggerService): Promise<RunningService>;
}

/**
 * A game service's `main.ts`: configuration checked at boot (a bad one exits 2 with its message), `--catalogue`
 * prints the table catalogue entries and exits, otherwise the service starts with shutdown hooks and says where.
 */
export async function runGameService<C extends { tables: readonly { id: string }[] }>(
  entry: GameServiceEntry<C>,
): Promise<void> {
  try {
    const { config, observability } = readBootConfig(
      () => ({ config: entry.loadConfig(process.env), observability: loadObservabilityConfig(process.env) }),
      ConfigError,
    );
    if (process.argv.includes('--catalogue')) return printCatalogue(entry.catalogueEntries(config));
    const service = await entry.start(config, {}, serviceLogger(observability));
    service.app.enableShutdownHooks();
    console.log(
      `${entry.name} listening on ${service.url} (tables: ${config.tables.map((t) => t.id).join(', ')})`,
    );
  } catch (err) {
    console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  }
}
