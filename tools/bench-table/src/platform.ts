import { prefixedTopicSpecs, TOPICS } from '@casino/events';
import { devKafkaPassword, ensureTopics, grantPlatformAccess, PlatformPrincipal } from '@casino/kafka';
import {
  createKafka,
  databaseUrl,
  deleteTopics,
  ledgerMain,
  repoRoot,
  serviceMain,
  testKafkaSecurity,
  LEDGER_NODE_FLAGS,
} from '@casino/test-support';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fundPlayersDirectly } from '@casino/bench/dist/ledger/direct-funding';
import { Client } from 'pg';
import { BenchOptions } from './args';
import { ChildApp, startChildApp, stopChildApp } from './child-app';
import { OperatorKey } from './operator-api';

/** The bench's own ledger and baccarat service, on their own databases and topic prefix. */
export interface Platform {
  ledger: ChildApp;
  service: ChildApp;
  operator: OperatorKey;
  backOfficeToken: string;
  /** Signs the players' socket tokens (the ledger's launches, and the ones the bench mints itself). */
  playerTokenSecret: string;
  tableId: string;
  prefix: string;
  databases: string[];
  /** Started by this run (stopped at its end unless --keep); false when reused. */
  owned: boolean;
}

export const BENCH_TABLE_ID = 'bench-bac';
export const BENCH_OPERATOR_ID = 'bench-op';
/** Each player's wallet: enough for every round's bets. */
export const PLAYER_FUNDS = 100_000_000n;
export const RUN_DIR = join(repoRoot(), 'infra/.run/bench-table');
const STATE_FILE = join(RUN_DIR, 'platform.json');

async function admin(sql: string): Promise<void> {
  const url = new URL(databaseUrl());
  url.pathname = '/postgres';
  const c = new Client({ connectionString: url.toString() });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

const urlOf = (name: string) => Object.assign(new URL(databaseUrl()), { pathname: `/${name}` }).toString();

/** The service's table list: one automatic commission table; Tie's table-wide maximum raised for thousands. */
function tables(): string {
  return JSON.stringify([
    {
      id: BENCH_TABLE_ID,
      variant: 'commission',
      currency: 'EUR',
      dealer: 'auto',
      limits: { tie: { min: 100, max: 100_000_000 } },
    },
  ]);
}

/** Registers the service's tables in the ledger's catalogue (`main.js --catalogue`, then PUT /tables/{id}). */
async function registerTables(script: string, env: Record<string, string>, ledgerUrl: string, token: string) {
  const printed = execFileSync(process.execPath, [script, '--catalogue'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  type Entry = { tableId: string; currency: string; producer: string; variant?: string; settings: object };
  for (const entry of JSON.parse(printed) as Entry[]) {
    const { roundInShoe: _r, ...settings } = entry.settings as Record<string, unknown>;
    const res = await fetch(`${ledgerUrl}/tables/${encodeURIComponent(entry.tableId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        variant: entry.variant ?? 'standard',
        currency: entry.currency,
        producer: entry.producer,
        settings,
        actor: 'bench-table',
        reason: 'table load benchmark',
      }),
    });
    if (!res.ok) throw new Error(`registering table ${entry.tableId}: ${res.status} ${await res.text()}`);
  }
}

/** Starts the platform; `fundedPlayers` are funded in the ledger's database before the ledger starts. */
export async function startPlatform(
  options: BenchOptions,
  fundedPlayers: readonly string[],
): Promise<Platform> {
  const started: number[] = [];
  const databases: string[] = [];
  try {
    return await startParts(options, fundedPlayers, started, databases);
  } catch (err) {
    // A start that fails part way leaves nothing behind: the processes and databases it made so far.
    for (const pid of started.reverse()) await stopChildApp(pid).catch(() => undefined);
    for (const db of databases)
      await admin(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
    throw err;
  }
}

async function startParts(
  options: BenchOptions,
  fundedPlayers: readonly string[],
  started: number[],
  made: string[],
): Promise<Platform> {
  mkdirSync(RUN_DIR, { recursive: true });
  const id = Date.now().toString(36);
  const prefix = `benchtable-${id}.`;
  const databases = [`casino_bench_table_${id}_ledger`, `casino_bench_table_${id}_service`];
  for (const db of databases) {
    await admin(`CREATE DATABASE "${db}"`);
    made.push(db);
  }
  const kafka = createKafka('bench-table-topics');
  await ensureTopics(
    kafka,
    prefixedTopicSpecs(prefix).map((t) => ({ topic: t.name, numPartitions: t.partitions })),
  );
  // On a SASL broker (KAFKA_SECURITY=sasl) the bench, as the admin, grants the platform's ACLs on its prefix, and
  // each process logs in as its own principal (the development broker's passwords, as the demo does).
  const sasl = testKafkaSecurity().sasl !== undefined;
  if (sasl) await grantPlatformAccess(kafka, TOPICS, prefix);
  const login = (principal: PlatformPrincipal): Record<string, string> =>
    sasl ? { KAFKA_SASL_USERNAME: principal, KAFKA_SASL_PASSWORD: devKafkaPassword(principal) } : {};
  const backOfficeToken = randomBytes(24).toString('hex');
  const playerTokenSecret = randomBytes(24).toString('hex');
  // Production settings, as the demo runs: each run makes its own secrets (production refuses the public ones).
  const common = {
    NODE_ENV: 'production',
    KAFKA_BROKERS: process.env.KAFKA_BROKERS ?? '127.0.0.1:9092',
    KAFKA_TOPIC_PREFIX: prefix,
    PLAYER_TOKEN_SECRET: playerTokenSecret,
  };
  const ledgerEnv = {
    ...common,
    ...login('ledger'),
    DATABASE_URL: urlOf(databases[0]),
    KAFKA_GROUP_ID: `${prefix}bet-ledger`,
    HTTP_PORT: '0',
    LOG_LEVEL: 'warn',
    // The benchmark's PostgreSQL may run without autovacuum: the ledger's opt-in table maintenance stands in.
    LEDGER_TABLE_MAINTENANCE: '1',
    LEDGER_SECRETS_KEY: randomBytes(32).toString('hex'),
    LEDGER_BACKOFFICE_TOKEN: backOfficeToken,
    // The benchmark's tables have no studio key: their results settle unsigned (docs/kafka-security.md).
    LEDGER_LIVE_RESULTS: 'keyed',
  };
  if (fundedPlayers.length > 0)
    await fundPlayersDirectly(ledgerEnv.DATABASE_URL, BENCH_OPERATOR_ID, fundedPlayers, PLAYER_FUNDS);
  const ledger = await startChildApp({
    script: ledgerMain(),
    nodeArgs: [...LEDGER_NODE_FLAGS],
    env: ledgerEnv,
    logFile: join(RUN_DIR, `bet-ledger-${id}.log`),
    ready: /"ledger":"ready","port":(\d+)/,
    detached: options.keep,
  });
  started.push(ledger.pid);
  const operator = JSON.parse(
    execFileSync(
      process.execPath,
      [
        join(repoRoot(), 'apps/bet-ledger/dist/cli/operator.js'),
        'create',
        '--id',
        BENCH_OPERATOR_ID,
        '--name',
        'Bench',
        '--currencies',
        'EUR',
      ],
      // Its notice on stderr ("the secret is shown this once") is not for this run's output.
      { env: { ...process.env, ...ledgerEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim() || '{}',
  ) as OperatorKey;
  const script = serviceMain('baccarat-service');
  const serviceEnv = {
    ...common,
    ...login('baccarat'),
    DATABASE_URL: urlOf(databases[1]),
    HTTP_PORT: '0',
    KAFKA_GROUP_ID: `${prefix}baccarat`,
    SERVICE_INSTANCE: `${prefix}baccarat`,
    DEALER_TOKEN_SECRET: randomBytes(24).toString('hex'),
    TABLE_STATE_KEY: randomBytes(32).toString('hex'),
    LEDGER_URL: ledger.url,
    LEDGER_BACKOFFICE_TOKEN: backOfficeToken,
    TABLES: tables(),
    BETTING_MS: String(options.bettingMs),
    CARD_MS: String(options.cardMs),
    RESULT_MS: String(options.resultMs),
  };
  await registerTables(script, serviceEnv, ledger.url, backOfficeToken);
  const service = await startChildApp({
    script,
    env: serviceEnv,
    nodeArgs: options.serviceNodeArgs,
    logFile: join(RUN_DIR, `baccarat-service-${id}.log`),
    ready: /listening on (http:\/\/[^\s]+)/,
    detached: options.keep,
  });
  started.push(service.pid);
  const platform = {
    ledger,
    service,
    operator,
    backOfficeToken,
    playerTokenSecret,
    tableId: BENCH_TABLE_ID,
    prefix,
    databases,
  };
  if (options.keep) writeFileSync(STATE_FILE, JSON.stringify(platform, null, 2));
  return { ...platform, owned: true };
}

/** A platform a `--keep` run left running (its coordinates in infra/.run/bench-table/platform.json). */
export function reusePlatform(file = STATE_FILE): Platform {
  const platform = JSON.parse(readFileSync(file, 'utf8')) as Omit<Platform, 'owned'>;
  for (const app of [platform.ledger, platform.service]) {
    try {
      process.kill(app.pid, 0);
    } catch {
      throw new Error(`${app.logFile}: process ${app.pid} is not running (start one with --keep)`);
    }
  }
  return { ...platform, owned: false };
}

/** Stops what this run started, deletes its topics and drops its databases (unless --keep). */
export async function stopPlatform(platform: Platform, keep: boolean): Promise<void> {
  if (!platform.owned || keep) return;
  await stopChildApp(platform.service.pid);
  await stopChildApp(platform.ledger.pid);
  await deleteTopics(
    createKafka('bench-table-cleanup'),
    prefixedTopicSpecs(platform.prefix).map((t) => t.name),
  ).catch(() => undefined);
  for (const db of platform.databases)
    await admin(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`).catch(() => undefined);
}

/** The service's saved table state in bytes: the sealed snapshot base and its round's bet rows. */
export async function snapshotBytes(platform: Platform): Promise<{ base: number; rows: number }> {
  const c = new Client({ connectionString: urlOf(platform.databases[1]) });
  await c.connect();
  try {
    const { rows } = await c.query<{ base: number; rows: number }>(
      `SELECT (SELECT coalesce(max(octet_length(snapshot)), 0) FROM game_table_snapshots WHERE table_id = $1)::int
                AS base,
              (SELECT coalesce(sum(octet_length(row)), 0) FROM game_table_snapshot_rows WHERE table_id = $1)::int
                AS rows`,
      [platform.tableId],
    );
    return rows[0] ?? { base: 0, rows: 0 };
  } finally {
    await c.end();
  }
}

/**
 * How many times the service saved a table snapshot (each saved batch of steps) and how many bet rows it wrote,
 * from PostgreSQL's table statistics.
 */
export async function snapshotSaves(platform: Platform): Promise<{ saves: number; rowWrites: number }> {
  const c = new Client({ connectionString: urlOf(platform.databases[1]) });
  await c.connect();
  try {
    const { rows } = await c.query<{ relname: string; n: number }>(
      `SELECT relname, (n_tup_upd + n_tup_ins)::int AS n FROM pg_stat_user_tables
       WHERE relname IN ('game_table_snapshots', 'game_table_snapshot_rows')`,
    );
    const of = (name: string) => rows.find((r) => r.relname === name)?.n ?? 0;
    return { saves: of('game_table_snapshots'), rowWrites: of('game_table_snapshot_rows') };
  } finally {
    await c.end();
  }
}
