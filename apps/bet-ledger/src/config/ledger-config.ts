import { z } from 'zod';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

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
  LEDGER_CONSUMER_ENABLED: flag.default('true'),
  LEDGER_RELAY_ENABLED: flag.default('true'),
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
  /** Create any of the platform's topics that are missing (with TOPIC_SPECS partitions) at boot. */
  LEDGER_CREATE_TOPICS: flag.default('true'),
  /** Run migrations at boot. */
  LEDGER_MIGRATIONS_RUN: flag.default('true'),
  LOG_LEVEL: z.enum(['error', 'warn', 'log', 'debug']).default('log'),
});

export type LedgerConfig = z.infer<typeof ledgerConfigSchema>;

export class ConfigError extends Error {
  readonly code = 'INVALID_CONFIG';
}

/** Parses the environment or throws one readable message listing every bad variable. */
export function loadLedgerConfig(env: NodeJS.ProcessEnv = process.env): LedgerConfig {
  const parsed = ledgerConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`invalid bet-ledger configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export const LEDGER_CONFIG = Symbol('LEDGER_CONFIG');
