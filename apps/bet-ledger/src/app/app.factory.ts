import { INestApplication, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { LedgerModule } from './app.module';
import { LedgerConfig } from '../config/ledger-config';

const LEVELS: Record<LedgerConfig['LOG_LEVEL'], LogLevel[]> = {
  error: ['error'],
  warn: ['error', 'warn'],
  log: ['error', 'warn', 'log'],
  debug: ['error', 'warn', 'log', 'debug'],
};

/** The ledger as a Nest application with its OpenAPI document at /docs (JSON at /docs-json). */
export async function createLedgerApp(config: LedgerConfig): Promise<INestApplication> {
  const app = await NestFactory.create(LedgerModule.forRoot(config), {
    logger: LEVELS[config.LOG_LEVEL],
    // The signed operator API checks its HMAC over the exact bytes sent.
    rawBody: true,
  });
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Bet ledger')
      .setDescription(
        'Balances, bets, rounds and settlements of the live-casino platform. Amounts are minor units.',
      )
      .setVersion('1')
      .addBearerAuth()
      .build(),
  );
  SwaggerModule.setup('docs', app, document);
  return app;
}
