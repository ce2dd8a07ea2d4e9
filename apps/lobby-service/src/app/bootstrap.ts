import { LoggerService, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AddressInfo } from 'node:net';
import { LobbyConfig } from '../config/lobby-config';
import { AppModule } from './app.module';

export interface RunningLobby {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the lobby on config.httpPort (0 = a free port): the read API, the `/lobby` socket namespace and the web
 * client (page at /lobby, hashed assets under /lobby/).
 */
export async function startLobbyService(
  config: LobbyConfig,
  logger?: LogLevel[] | LoggerService,
): Promise<RunningLobby> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: logger ?? ['log', 'warn', 'error'],
  });
  // The table list is public and holds no player data (like the services' GET /tables).
  app.enableCors();
  app.useStaticAssets(config.webRoot, { prefix: '/lobby/', index: false, maxAge: '1h' });
  await app.listen(config.httpPort);
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
