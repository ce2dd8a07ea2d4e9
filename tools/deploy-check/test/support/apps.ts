import 'reflect-metadata';
import { KAFKA_SECURITY_ENV } from '@casino/kafka';
import { MetricsController } from '@casino/observability';
import { ServiceHealthController } from '@casino/table-kit';
import { loadBaccaratConfig } from '@casino/baccarat-service/dist/config/baccarat-config';
import { HealthController } from '@casino/bet-ledger/dist/api/health.controller';
import { loadLedgerConfig } from '@casino/bet-ledger/dist/config/ledger-config';
import { loadBlackjackConfig } from '@casino/blackjack-service/dist/config/blackjack-config';
import { LobbyController } from '@casino/lobby-service/dist/api/lobby.controller';
import { loadLobbyConfig } from '@casino/lobby-service/dist/config/lobby-config';
import { loadRouletteConfig } from '@casino/roulette-service/dist/config/roulette-config';

type Env = Record<string, string | undefined>;
type Controller = abstract new (...args: never[]) => unknown;

/** A service's entry point, as a container's command names it. */
export interface ServiceEntry {
  kind: 'service';
  /** Its source (the command runs its build, dist/…js). */
  source: string;
  /** The app's own config loader (throws on a bad setting). */
  load(env: Env): { HTTP_PORT?: number; httpPort?: number };
  /** Variables the entry point reads itself, outside its schema (each must appear in `source`). */
  direct: string[];
  /** The controllers the app mounts whose GET routes a probe or a scrape may name. */
  controllers: Controller[];
}

/** A command-line tool a Job runs: the variables it reads (each must appear in its source). */
export interface ToolEntry {
  kind: 'tool';
  source: string;
  reads: string[];
  /** It reads the Kafka client's security variables (KAFKA_SECURITY_ENV) through @casino/kafka. */
  kafkaSecurity: boolean;
}

/** Variables every service reads through @casino/observability (readBootConfig, loadObservabilityConfig). */
export const OBSERVABILITY_ENV = ['LOG_FORMAT', 'LOG_LEVEL', 'METRICS_TOKEN', 'NODE_ENV'];

const gameControllers: Controller[] = [ServiceHealthController, MetricsController];

/** Every command a manifest may run, by its script path in the image (relative to /app). */
export const COMMANDS: Record<string, ServiceEntry | ToolEntry> = {
  'apps/bet-ledger/dist/main.js': {
    kind: 'service',
    source: 'apps/bet-ledger/src/main.ts',
    load: (env) => loadLedgerConfig(env),
    direct: [],
    controllers: [HealthController, MetricsController],
  },
  'apps/lobby-service/dist/main.js': {
    kind: 'service',
    source: 'apps/lobby-service/src/main.ts',
    load: (env) => loadLobbyConfig(env),
    direct: [],
    controllers: [LobbyController, MetricsController],
  },
  'apps/baccarat-service/dist/main.js': {
    kind: 'service',
    source: 'apps/baccarat-service/src/main.ts',
    load: (env) => loadBaccaratConfig(env),
    direct: [],
    controllers: gameControllers,
  },
  'apps/blackjack-service/dist/main.js': {
    kind: 'service',
    source: 'apps/blackjack-service/src/main.ts',
    load: (env) => loadBlackjackConfig(env),
    direct: [],
    controllers: gameControllers,
  },
  'apps/roulette-service/dist/main.js': {
    kind: 'service',
    source: 'apps/roulette-service/src/main.ts',
    load: (env) => loadRouletteConfig(env),
    direct: [],
    controllers: gameControllers,
  },
  'apps/bet-ledger/dist/cli/migrate.js': {
    kind: 'tool',
    source: 'apps/bet-ledger/src/cli/migrate.ts',
    reads: ['DATABASE_URL'],
    kafkaSecurity: false,
  },
  'packages/table-kit/dist/migrations/cli/migrate.js': {
    kind: 'tool',
    source: 'packages/table-kit/src/migrations/cli/migrate.ts',
    reads: ['DATABASE_URL'],
    kafkaSecurity: false,
  },
  'infra/kafka/create-topics.mjs': {
    kind: 'tool',
    source: 'infra/kafka/create-topics.mjs',
    reads: ['KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX', 'KAFKA_REPLICATION_FACTOR', 'KAFKA_MIN_INSYNC_REPLICAS'],
    kafkaSecurity: true,
  },
  'infra/kafka/create-acls.mjs': {
    kind: 'tool',
    source: 'infra/kafka/create-acls.mjs',
    reads: ['KAFKA_BROKERS', 'KAFKA_TOPIC_PREFIX'],
    kafkaSecurity: true,
  },
};

export const KAFKA_ENV: readonly string[] = KAFKA_SECURITY_ENV;

/** The GET routes of `controllers` (Nest's route metadata), e.g. /health/ready. */
export function getRoutes(controllers: Controller[]): string[] {
  const routes: string[] = [];
  for (const c of controllers) {
    const prefix = String(Reflect.getMetadata('path', c) ?? '');
    const proto = (c as unknown as { prototype: Record<string, unknown> }).prototype;
    for (const key of Object.getOwnPropertyNames(proto)) {
      const handler = proto[key];
      if (key === 'constructor' || typeof handler !== 'function') continue;
      const path = Reflect.getMetadata('path', handler) as string | undefined;
      // RequestMethod.GET is 0.
      if (path === undefined || Reflect.getMetadata('method', handler) !== 0) continue;
      routes.push(`/${[prefix, path].filter((p) => p && p !== '/').join('/')}`.replace(/\/+/g, '/'));
    }
  }
  return routes;
}
