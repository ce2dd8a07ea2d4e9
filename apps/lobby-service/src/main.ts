import 'reflect-metadata';
import {
  loadObservabilityConfig,
  ObservabilityConfig,
  ObservabilityConfigError,
  serviceLogger,
} from '@casino/observability';
import { startLobbyService } from './app/bootstrap';
import { LobbyConfig, LobbyConfigError, loadLobbyConfig } from './config/lobby-config';

async function main(): Promise<void> {
  let config: LobbyConfig;
  let observability: ObservabilityConfig;
  try {
    config = loadLobbyConfig(process.env);
    observability = loadObservabilityConfig(process.env);
  } catch (err) {
    if (err instanceof LobbyConfigError || err instanceof ObservabilityConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const lobby = await startLobbyService(config, serviceLogger(observability));
  lobby.app.enableShutdownHooks();
  console.log(
    `lobby-service listening on ${lobby.url} (players: ${lobby.url}/lobby; services: ${config.services
      .map((s) => `${s.game} ${s.url}`)
      .join(', ')})`,
  );
}

main().catch((err: Error) => {
  console.error(err.stack ?? err.message);
  process.exit(1);
});
