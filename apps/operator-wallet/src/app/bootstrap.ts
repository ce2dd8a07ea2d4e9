import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { AddressInfo } from 'node:net';
import { WalletConfig } from '../config/wallet-config';
import { OperatorWalletModule } from './app.module';

export interface RunningWallet {
  app: NestExpressApplication;
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

/** Starts the wallet on config.HTTP_PORT (0 = a free port), its migrations run. */
export async function startOperatorWallet(
  config: WalletConfig,
  logLevels?: LogLevel[],
): Promise<RunningWallet> {
  // rawBody: signatures cover the exact bytes received.
  const app = await NestFactory.create<NestExpressApplication>(OperatorWalletModule.forRoot(config), {
    rawBody: true,
    logger: logLevels ?? ['log', 'warn', 'error'],
  });
  app.useBodyParser('json', { limit: '16kb' });
  await app.listen(config.HTTP_PORT, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}
