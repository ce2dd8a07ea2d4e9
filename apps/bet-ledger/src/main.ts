import 'reflect-metadata';
import { loadObservabilityConfig, readBootConfig } from '@casino/observability';
import { NestExpressApplication } from '@nestjs/platform-express';
import { createLedgerApp } from './app/app.factory';
import {
  checkBackOfficeWebRoot,
  ConfigError,
  devDefaultSecrets,
  loadLedgerConfig,
} from './config/ledger-config';

async function main(): Promise<void> {
  const { config, observability } = readBootConfig(() => {
    const ledger = loadLedgerConfig();
    checkBackOfficeWebRoot(ledger);
    return { config: ledger, observability: loadObservabilityConfig(process.env) };
  }, ConfigError);
  for (const name of devDefaultSecrets(config)) {
    console.warn(
      `WARNING: ${name} is the public development default: set it before exposing this ledger (refused with NODE_ENV=production)`,
    );
  }
  if (config.NODE_ENV === 'production' && config.LEDGER_LIVE_RESULTS === 'keyed')
    console.warn(
      "WARNING: LEDGER_LIVE_RESULTS=keyed: a studio table without a registered key settles unsigned results, which a game service's account can forge (docs/kafka-security.md#signed-live-results)",
    );
  const app = await createLedgerApp(config, observability);
  // The back-office web app and studio console (apps/back-office-web's build) at /back-office/, same origin as the
  // back-office API it calls; docs/back-office.md.
  const webRoot = config.LEDGER_BACKOFFICE_WEB_ROOT;
  if (webRoot !== undefined)
    (app as NestExpressApplication).useStaticAssets(webRoot, { prefix: '/back-office/', maxAge: '1h' });
  await app.listen(config.HTTP_PORT, '0.0.0.0');
  const address = app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.HTTP_PORT;
  // One machine-readable line, so scripts (the crash test, the benchmark) know the ledger is up and where.
  console.log(JSON.stringify({ ledger: 'ready', port, pid: process.pid }));
}

main().catch((err) => {
  console.error(`bet-ledger failed to start: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
