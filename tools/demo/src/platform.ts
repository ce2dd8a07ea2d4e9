import { GAME_SERVICES, GameService } from '@casino/games';
import { LEDGER_NODE_FLAGS } from '@casino/test-support';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Game, GAMES, serviceOf } from './model/game';
import { DEMO_TIMERS, DemoSettings } from './settings';
import { kafkaLoginEnv, prepareKafkaTopics } from './kafka-access';
import { createOperator, OperatorKey } from './operator-api';
import { startLobby } from './lobby';
import { registerServiceTables } from './table-catalogue';
import { ManagedProcess, startProcess, stopProcess, waitForHealth } from './processes';
import { SeamlessOperator, startSeamlessOperator } from './seamless-operator';

export interface Platform {
  ledgerUrl: string;
  /** The demo's operator, created with the ledger's admin command; it funds and launches players by signed API. */
  operator: OperatorKey;
  /** The demo's seamless operator and its reference wallet (its players' money stays there). */
  seamless: SeamlessOperator;
  serviceUrls: Record<Game, string>;
  /** The players' lobby: the launch URLs the ledger signs open it. */
  lobbyUrl: string;
  topicPrefix: string;
  processes: ManagedProcess[];
}

export const DEMO_OPERATOR = { id: 'demo-operator', name: 'Demo Casino', currencies: ['EUR'] };

/** Starts the bet ledger and the game services as separate processes, on topics of their own. */
export async function startPlatform(
  root: string,
  settings: DemoSettings,
  databaseUrl: string,
): Promise<Platform> {
  const logDir = join(root, 'infra/.run/demo');
  const topicPrefix = `demo${Date.now().toString(36)}.`;
  const playerTokenSecret = randomBytes(24).toString('hex');
  const backOfficeToken = randomBytes(24).toString('hex');
  const common = {
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_TOPIC_PREFIX: topicPrefix,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
  };
  const ledgerUrl = `http://127.0.0.1:${settings.ledgerPort}`;
  // The demo runs with NODE_ENV=production, so the ledger refuses development secrets: each run makes its own.
  prepareKafkaTopics(root, topicPrefix);
  const ledgerSecrets = {
    ...common,
    ...kafkaLoginEnv('ledger'),
    LEDGER_SECRETS_KEY: randomBytes(32).toString('hex'),
    LEDGER_BACKOFFICE_TOKEN: backOfficeToken,
    PLAYER_TOKEN_SECRET: playerTokenSecret,
    LOBBY_URL: `http://127.0.0.1:${settings.lobbyPort}/lobby`,
    // The demo's studio tables have no registered studio key (a pit boss registers the console's, docs/dealers.md):
    // production's `signed` would dispute their rounds, so the demo settles them unsigned, as before.
    LEDGER_LIVE_RESULTS: 'keyed',
  };
  const ledger = startProcess(
    'bet-ledger',
    join(root, 'apps/bet-ledger/dist/main.js'),
    { ...ledgerSecrets, HTTP_PORT: String(settings.ledgerPort), KAFKA_GROUP_ID: `${topicPrefix}ledger` },
    logDir,
    LEDGER_NODE_FLAGS,
  );
  const processes = [ledger];
  await waitForHealth(ledger, `${ledgerUrl}/health`);
  const operator = createOperator(root, ledgerSecrets, DEMO_OPERATOR);
  const seamless = await startSeamlessOperator(root, ledgerSecrets, databaseUrl, settings.walletPort, logDir);

  // One process per game service of the registry (a service hosting several games runs all their tables).
  const serviceUrls = {} as Record<GameService, string>;
  const services: ManagedProcess[] = [];
  for (const service of GAME_SERVICES) {
    const started = await startGameService(root, service, settings.servicePorts[service], common, {
      ledgerUrl,
      backOfficeToken,
      playerTokenSecret,
      logDir,
    });
    serviceUrls[service] = started.url;
    services.push(started.process);
  }
  await Promise.all(services.map((p, i) => waitForHealth(p, `${serviceUrls[GAME_SERVICES[i]]}/health`)));
  processes.push(...services);
  const gameUrls = Object.fromEntries(GAMES.map((g) => [g, serviceUrls[serviceOf(g)]])) as Record<
    Game,
    string
  >;
  const lobbyUrl = `http://127.0.0.1:${settings.lobbyPort}`;
  const lobby = startLobby(
    root,
    settings.lobbyPort,
    gameUrls,
    { url: ledgerUrl, backOfficeToken, playerTokenSecret },
    logDir,
  );
  processes.push(lobby);
  await waitForHealth(lobby, `${lobbyUrl}/health`);
  return { ledgerUrl, operator, seamless, serviceUrls: gameUrls, lobbyUrl, topicPrefix, processes };
}

/** Starts a game service (`apps/<service>-service`), its tables registered in the ledger's catalogue first. */
async function startGameService(
  root: string,
  service: GameService,
  port: number,
  common: Record<string, string>,
  run: { ledgerUrl: string; backOfficeToken: string; playerTokenSecret: string; logDir: string },
): Promise<{ url: string; process: ManagedProcess }> {
  const url = `http://127.0.0.1:${port}`;
  const main = join(root, `apps/${service}-service/dist/main.js`);
  const env = {
    ...common,
    ...kafkaLoginEnv(service),
    ...DEMO_TIMERS,
    HTTP_PORT: String(port),
    KAFKA_GROUP_ID: `${common.KAFKA_TOPIC_PREFIX}${service}`,
    SERVICE_INSTANCE: `${common.KAFKA_TOPIC_PREFIX}${service}`,
    PLAYER_TOKEN_SECRET: run.playerTokenSecret,
    // Production refuses the shared dealer key: dealer accounts (none needed, the tables are automatic).
    DEALER_TOKEN_SECRET: randomBytes(24).toString('hex'),
    // Production requires a key for the tables' saved state; each run's tables are new (a fresh database).
    TABLE_STATE_KEY: randomBytes(32).toString('hex'),
    LEDGER_URL: run.ledgerUrl,
    LEDGER_BACKOFFICE_TOKEN: run.backOfficeToken,
  };
  // The ledger admits only catalogued tables' rounds: register them before the service opens any.
  await registerServiceTables(main, env, { url: run.ledgerUrl, backOfficeToken: run.backOfficeToken });
  return { url, process: startProcess(`${service}-service`, main, env, run.logDir) };
}

export async function stopPlatform(platform: Platform): Promise<void> {
  // Services first, so nothing publishes to a ledger that is gone.
  await Promise.all(platform.processes.slice(1).map((p) => stopProcess(p)));
  await stopProcess(platform.processes[0]);
  // The operator's wallet last: the ledger's calls in flight get their answers.
  await stopProcess(platform.seamless.process);
}
