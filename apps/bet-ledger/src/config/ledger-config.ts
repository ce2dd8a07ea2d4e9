import { kafkaClientSecuritySchema, kafkaSecurityEnvOf } from '@casino/kafka';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { balanceCeilingSchema, balanceCeilingsSchema } from './balance-ceilings';
import { jurisdictionsSchema } from './jurisdictions';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** Development defaults of the secrets: public, so only for development and tests (see devDefaultSecrets). */
export const DEV_SECRETS_KEY = '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff';
export const DEV_BACKOFFICE_TOKEN = 'dev-backoffice-token-not-for-production';
export const DEV_PLAYER_TOKEN_SECRET = 'dev-player-token-secret-not-for-production';

/** Everything the ledger reads from the environment, checked at boot. */
export const ledgerConfigSchema = z.object({
  DATABASE_URL: z.string().url().default('postgres://postgres@127.0.0.1:5432/casino'),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(100).default(10),
  KAFKA_BROKERS: z
    .string()
    .default('127.0.0.1:9092')
    .transform((s) =>
      s
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0, 'at least one broker'),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, . _ -')
    .default(''),
  KAFKA_GROUP_ID: z.string().min(1).default('bet-ledger'),
  KAFKA_CLIENT_ID: z.string().min(1).default('bet-ledger'),
  /**
   * KAFKA_SECURITY, KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME (default ledger), KAFKA_SASL_PASSWORD, KAFKA_TLS and
   * KAFKA_TLS_CA_FILE, read together by loadLedgerConfig (docs/kafka-security.md).
   */
  KAFKA_CLIENT_SECURITY: kafkaClientSecuritySchema('ledger'),
  /** A killed instance's partitions move to the others after this long (broker minimum: 6000). */
  KAFKA_SESSION_TIMEOUT_MS: z.coerce.number().int().min(6_000).max(300_000).default(30_000),
  KAFKA_HEARTBEAT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  /**
   * At most one offset commit per this many ms (in the background). Longer means fewer broker requests and, after
   * a crash or rebalance, more redelivered batches, which the processed-event ids skip.
   */
  KAFKA_OFFSET_COMMIT_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(200),
  /** 0 picks a free port (tests). */
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
  LEDGER_CONSUMER_ENABLED: flag.default(true),
  LEDGER_RELAY_ENABLED: flag.default(true),
  /** How often the relay deletes what it published and looks for rows not handed over (other instances', a crash's). */
  LEDGER_RELAY_POLL_MS: z.coerce.number().int().min(1).max(10_000).default(100),
  LEDGER_RELAY_BATCH: z.coerce.number().int().min(1).max(50_000).default(5_000),
  /**
   * Partitions handled at the same time by one instance. Bet command batches of all of them are decided together
   * in one transaction (group commit), so this is also how many partitions one transaction can cover.
   */
  LEDGER_PARTITIONS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * How long processed-event ids are kept for deduplication. Keep it longer than Kafka keeps the bet-commands and
   * rounds topics (retention.ms): a redelivery can only bring back what the broker still holds.
   */
  LEDGER_DEDUPE_RETENTION_HOURS: z.coerce.number().int().min(1).max(100_000).default(168),
  LEDGER_PRUNE_EVERY_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(600_000),
  /**
   * Opt-in operations job for a PostgreSQL server without autovacuum (development, benchmarks): the ledger analyzes
   * its growing tables and vacuums its outbox and queues itself (database/table-maintenance.job.ts). Off in
   * production, where autovacuum does it.
   */
  LEDGER_TABLE_MAINTENANCE: flag.default(false),
  /** With LEDGER_TABLE_MAINTENANCE: how often the ledger looks for tables to analyze. */
  LEDGER_ANALYZE_CHECK_MS: z.coerce.number().int().min(100).max(3_600_000).default(2_000),
  /** With LEDGER_TABLE_MAINTENANCE: at most how often the outbox and the seamless queues are vacuumed. */
  LEDGER_VACUUM_EVERY_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(10_000),
  /**
   * Tries of a transaction that fails for a reason other than a transient one (database unreachable, connection
   * killed, deadlock, serialization failure: those are retried without end) before its messages are split and the
   * one that still fails alone is parked (quarantine table + dead-letter topic).
   */
  LEDGER_POISON_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(3),
  /** First pause after a failed transaction; doubled after each failure up to LEDGER_RETRY_MAX_BACKOFF_MS. */
  LEDGER_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).max(10_000).default(50),
  LEDGER_RETRY_MAX_BACKOFF_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
  /** How often the parked messages (other instances' too) are reloaded to hold their rounds and players. */
  LEDGER_QUARANTINE_REFRESH_MS: z.coerce.number().int().min(100).max(600_000).default(2_000),
  /** Create any of the platform's topics that are missing (with TOPIC_SPECS partitions) at boot. */
  LEDGER_CREATE_TOPICS: flag.default(true),
  /** Run migrations at boot. */
  LEDGER_MIGRATIONS_RUN: flag.default(true),
  /** How often expired bonuses and bonus leftovers are looked for (docs/ledger.md#bonus-funds); 0 = never. */
  LEDGER_BONUS_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(5_000),
  /** Run the seamless worker (debits, credits and rollbacks at seamless operators' wallets). */
  LEDGER_SEAMLESS_ENABLED: flag.default(true),
  /** How long a call to an operator's wallet may take before its outcome is unknown. */
  LEDGER_SEAMLESS_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(3_000),
  /** Calls in flight per operator (one operator's slowness never takes another's share). */
  LEDGER_SEAMLESS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(128),
  /** How often pending work is looked for besides the wake-ups after each commit (other instances, restarts). */
  LEDGER_SEAMLESS_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Credits and rollbacks that got no sure answer: first pause, doubled after each try up to the cap. */
  LEDGER_SEAMLESS_RETRY_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
  LEDGER_SEAMLESS_RETRY_MAX_MS: z.coerce.number().int().min(10).max(86_400_000).default(900_000),
  /** How long a credit or rollback is retried before it is marked failed for the back office (≥ 24 h). */
  LEDGER_SEAMLESS_RETRY_HOURS: z.coerce.number().min(0.001).max(8_760).default(48),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
  NODE_ENV: z.string().default('development'),
  /** AES-256-GCM key (64 hex chars) that encrypts the operators' API secrets at rest. */
  LEDGER_SECRETS_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 32 bytes as 64 hex characters')
    .default(DEV_SECRETS_KEY),
  /** Bearer token of the back-office routes (/operators/…, /tables/…). */
  LEDGER_BACKOFFICE_TOKEN: z.string().min(16, 'at least 16 characters').default(DEV_BACKOFFICE_TOKEN),
  /** The platform's key for player tokens (the game services check them with the same key). */
  PLAYER_TOKEN_SECRET: z.string().min(16, 'at least 16 characters').default(DEV_PLAYER_TOKEN_SECRET),
  /** Lifetime of a launch session's token. */
  LEDGER_SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  /**
   * The longest player token a bet command may carry (exp - iat, or exp - now): at least the session TTL. A token
   * signed for longer is refused wherever it is checked (player-token.ts).
   */
  PLAYER_TOKEN_MAX_TTL_SECONDS: z.coerce.number().int().min(60).max(604_800).default(86_400),
  /**
   * Cooling-off period of a raised (or removed) responsible-gambling limit: it takes effect this many hours after
   * the operator asked (a lower limit applies at once). Fractions allowed.
   */
  LEDGER_LIMIT_RAISE_DELAY_HOURS: z.coerce.number().min(0).max(8_760).default(24),
  /**
   * A round open or closed (no result) longer than this is listed as stuck for the back office, which may void it
   * (docs/ledger.md#disputed-and-stuck-rounds). Fractions allowed.
   */
  LEDGER_STUCK_ROUND_MINUTES: z.coerce.number().positive().max(10_080).default(30),
  /** The live RTP drift alarm's rolling window (docs/back-office.md#live-rtp-drift-alarm). Fractions allowed. */
  LEDGER_RTP_ALARM_HOURS: z.coerce.number().positive().max(8_760).default(24),
  /** How often the alarm is checked for the logs (0: only when GET /back-office/alerts asks). */
  LEDGER_RTP_ALARM_POLL_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * The most a player wallet may hold, in minor units, for every currency (balance-ceilings.ts): deposits above it
   * are refused, and so is a bet whose largest payout could take the wallet above it. At most 2^62.
   */
  LEDGER_BALANCE_CEILING: balanceCeilingSchema,
  /** Per-currency ceilings instead: `EUR=100000000000,JPY=10000000000000`. */
  LEDGER_BALANCE_CEILINGS: balanceCeilingsSchema,
  /**
   * The API's OpenAPI at /docs and /docs-json (docs/operator-integration.md): `auto` serves it except with
   * NODE_ENV=production, `on` serves it there too, `off` never.
   */
  LEDGER_API_DOCS: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * Live tables' results (docs/kafka-security.md#signed-live-results): `signed`, a result of a studio (live) table
   * of the catalogue settles only signed by the table's registered studio key, a table without one disputes it
   * (RESULT_KEY_MISSING); `keyed`, only tables with a registered key need a signature. Default: `signed` with
   * NODE_ENV=production, `keyed` otherwise (resolved by loadLedgerConfig).
   */
  LEDGER_LIVE_RESULTS: z.enum(['signed', 'keyed']).optional(),
  /**
   * The rules of each player's country (jurisdictions.ts), JSON `{"GB": {"realityCheckMinutes": 60}}`: a launch with
   * that country and no realityCheckMinutes of its own gets the country's interval. Default: none.
   */
  LEDGER_JURISDICTIONS: jurisdictionsSchema,
  /** Where a launch URL sends the player. */
  LOBBY_URL: z.string().url().default('http://127.0.0.1:3000/lobby'),
  /**
   * The directory of apps/back-office-web's build, served at /back-office/ (docs/back-office.md); unset, none is.
   * Boot also refuses a directory without the build's index.html (checkBackOfficeWebRoot).
   */
  LEDGER_BACKOFFICE_WEB_ROOT: z.string().min(1, 'a directory (apps/back-office-web/dist)').optional(),
  /** 1 or true: the ledger prints where a batch's time goes every 5 s (observability/profiler.ts). */
  LEDGER_PROFILE: flag.default(false),
});

export type LedgerConfig = Omit<z.infer<typeof ledgerConfigSchema>, 'LEDGER_LIVE_RESULTS'> & {
  LEDGER_LIVE_RESULTS: LiveResults;
};

/** Whether a live table's result needs the studio's signature always (`signed`) or only once a key is registered. */
export type LiveResults = 'signed' | 'keyed';

/** LEDGER_LIVE_RESULTS as set, else production's `signed` and development's `keyed`. */
export function liveResultsOf(config: { NODE_ENV: string; LEDGER_LIVE_RESULTS?: LiveResults }): LiveResults {
  return config.LEDGER_LIVE_RESULTS ?? (config.NODE_ENV === 'production' ? 'signed' : 'keyed');
}

/** The secrets a development setup may leave at their defaults (refused with NODE_ENV=production). */
const DEV_DEFAULTS = {
  LEDGER_SECRETS_KEY: DEV_SECRETS_KEY,
  LEDGER_BACKOFFICE_TOKEN: DEV_BACKOFFICE_TOKEN,
  PLAYER_TOKEN_SECRET: DEV_PLAYER_TOKEN_SECRET,
} as const;

/** The secrets still at their public development defaults: a warning at boot, a refusal in production. */
export function devDefaultSecrets(
  config: Pick<LedgerConfig, keyof typeof DEV_DEFAULTS>,
): (keyof typeof DEV_DEFAULTS)[] {
  return (Object.keys(DEV_DEFAULTS) as (keyof typeof DEV_DEFAULTS)[]).filter(
    (k) => config[k].toLowerCase() === DEV_DEFAULTS[k].toLowerCase(),
  );
}

export class ConfigError extends Error {
  readonly code = 'INVALID_CONFIG';
}

/** Parses the environment or throws one readable message listing every bad variable. */
export function loadLedgerConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const parsed = ledgerConfigSchema.safeParse({ ...env, KAFKA_CLIENT_SECURITY: kafkaSecurityEnvOf(env) });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid bet-ledger configuration:\n${lines.join('\n')}`);
  }
  if (parsed.data.PLAYER_TOKEN_MAX_TTL_SECONDS < parsed.data.LEDGER_SESSION_TTL_SECONDS)
    throw new ConfigError(
      'invalid bet-ledger configuration:\n  PLAYER_TOKEN_MAX_TTL_SECONDS: shorter than LEDGER_SESSION_TTL_SECONDS',
    );
  const defaults = devDefaultSecrets(parsed.data);
  if (parsed.data.NODE_ENV === 'production' && defaults.length > 0) {
    const lines = defaults.map((k) => `  ${k}: the development default is refused in production`);
    throw new ConfigError(`invalid bet-ledger configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, LEDGER_LIVE_RESULTS: liveResultsOf(parsed.data) };
}

/**
 * Boot's check of the back-office web root: the directory must hold the build (its index.html), or the ledger
 * would start and answer 404 at /back-office/. Kept out of the schema so a manifest check can load the
 * configuration of an image path on another machine.
 */
export function checkBackOfficeWebRoot(config: LedgerConfig, exists = existsSync): void {
  const root = config.LEDGER_BACKOFFICE_WEB_ROOT;
  if (root !== undefined && !exists(join(root, 'index.html')))
    throw new ConfigError(
      `invalid bet-ledger configuration:\n  LEDGER_BACKOFFICE_WEB_ROOT: no index.html in ${root} (build apps/back-office-web first)`,
    );
}

export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');
