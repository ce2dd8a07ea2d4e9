import { listenService, PortOverrides, RunningService } from '@casino/table-kit/nest';
import { LoggerService, LogLevel } from '@nestjs/common';
import { BaccaratServiceConfig } from '../config/baccarat-config';
import { AppModule } from './app.module';

export type { RunningService };

/** Starts the service on config.HTTP_PORT (0 = a free port): HTTP API and WebSocket on the same port. */
export function startBaccaratService(
  config: BaccaratServiceConfig,
  overrides: PortOverrides = {},
  logger?: LogLevel[] | LoggerService,
): Promise<RunningService> {
  return listenService(AppModule.forRoot(config, overrides), config.HTTP_PORT, logger);
}
