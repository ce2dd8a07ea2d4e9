import { loadObservabilityConfig, ObservabilityConfig, serviceLogger } from '@casino/observability';
import { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { LedgerModule } from './app.module';
import { LedgerConfig } from '../config/ledger-config';
import { serveApiDocs } from './api-docs';
import { profiler } from '../observability/profiler';

/**
 * The ledger as a Nest application with its OpenAPI document at /docs (JSON at /docs-json: the operator API, the
 * whole API with a staff token, see api-docs.ts) and its metrics at /metrics; logs as LOG_FORMAT says (JSON lines or
 * text) at the ledger's LOG_LEVEL.
 */
export async function createLedgerApp(
  config: LedgerConfig,
  observability: ObservabilityConfig = loadObservabilityConfig(process.env),
): Promise<INestApplication> {
  profiler.enabled = config.LEDGER_PROFILE;
  const app = await NestFactory.create(LedgerModule.forRoot(config, observability.METRICS_TOKEN), {
    logger: serviceLogger({ LOG_FORMAT: observability.LOG_FORMAT, LOG_LEVEL: config.LOG_LEVEL }),
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
  serveApiDocs(app, document, config);
  return app;
}
