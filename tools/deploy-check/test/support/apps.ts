import 'reflect-metadata';
import { KAFKA_SECURITY_ENV } from '@casino/kafka';
import { MetricsController } from '@casino/observability';
import { ServiceHealthController } from '@casino/table-kit/nest';
import { HealthController } from '@casino/bet-ledger/dist/api/health.controller';
import { loadLedgerConfig } from '@casino/bet-ledger/dist/config/ledger-config';
import { LobbyController } from '@casino/lobby-service/dist/api/lobby.controller';
import { loadLobbyConfig } from '@casino/lobby-service/dist/config/lobby-config';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './kustomize';

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

/** The game services: every app over @casino/table-kit in the apps folder (each a StatefulSet, an image). */
export const GAME_SERVICE_APPS: readonly string[] = readdirSync(join(ROOT, 'apps'))
  .filter((app) => {
    try {
      const pkg = JSON.parse(readFileSync(join(ROOT, 'apps', app, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      return '@casino/table-kit' in (pkg.dependencies ?? {});
    } catch {
      return false;
    }
  })
  .sort();

/**
 * A game service's entry, read from its entry point: `runGameService({ loadConfig: loadXConfig, … })` with
 * loadXConfig imported from './config/…', loaded from the app's build (dist/config/…).
 */
function gameServiceEntry(app: string): ServiceEntry {
  const source = `apps/${app}/src/main.ts`;
  const main = readFileSync(join(ROOT, source), 'utf8');
  const loader = /\bloadConfig:\s*(\w+)/.exec(main)?.[1];
  const from =
    loader && new RegExp(`import \\{[^}]*\\b${loader}\\b[^}]*\\} from '\\./([^']+)'`).exec(main)?.[1];
  if (!loader || !from)
    throw new Error(`${source}: no runGameService({ loadConfig }) imported from ./config`);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = (require(`@casino/${app}/dist/${from}`) as Record<string, ServiceEntry['load']>)[loader];
  if (typeof load !== 'function') throw new Error(`@casino/${app}/dist/${from}: no ${loader}`);
  return { kind: 'service', source, load: (env) => load(env), direct: [], controllers: gameControllers };
}

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
  ...Object.fromEntries(GAME_SERVICE_APPS.map((app) => [`apps/${app}/dist/main.js`, gameServiceEntry(app)])),
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
