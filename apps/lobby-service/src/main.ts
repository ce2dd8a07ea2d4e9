import 'reflect-metadata';
import { loadObservabilityConfig, readBootConfig, serviceLogger } from '@casino/observability';
import { startLobbyService } from './app/bootstrap';
import { LobbyConfigError, loadLobbyConfig } from './config/lobby-config';

async function main(): Promise<void> {
  const { config, observability } = readBootConfig(
    () => ({ config: loadLobbyConfig(process.env), observability: loadObservabilityConfig(process.env) }),
    LobbyConfigError,
  );
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
