import { LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { WalletConfig } from '../config/wallet-config';
import { WalletCallHandler } from '../wallet/wallet-call.handler';
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
  const app = await NestFactory.create<NestExpressApplication>(OperatorWalletModule.forRoot(config), {
    logger: logLevels ?? ['log', 'warn', 'error'],
  });
  app.useBodyParser('json', { limit: '16kb' });
  serveWalletCallsFirst(app.getHttpServer() as Server, app.get(WalletCallHandler));
  await app.listen(config.HTTP_PORT, '127.0.0.1');
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return { app, url: `http://127.0.0.1:${port}`, close: () => app.close() };
}

/** The wallet calls go to their handler before Express (wallet-call.handler.ts); every other request to Nest. */
function serveWalletCallsFirst(server: Server, calls: WalletCallHandler): void {
  const [nest] = server.listeners('request') as RequestListener[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const call = calls.callOf(req);
    if (call === undefined) nest(req, res);
    else calls.handle(req, res, call);
  });
}
