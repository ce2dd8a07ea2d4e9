import { z } from 'zod';
import { kafkaClientSecuritySchema } from '@casino/kafka';
import { originMatcher } from '@casino/events';
import { DEFAULT_SOCKET_ORIGINS } from '../sessions/origin-policy';
import { dealerAccountsEnvShape } from '../dealer-accounts/dealer-accounts-config';
import { tableStateKeyEnvShape } from './table-state-key-config';

/** Boot fails fast with every bad setting listed, not just the first. */
export class ConfigError extends Error {
  readonly code = 'INVALID_CONFIG';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig<S extends z.ZodTypeAny>(schema: S, input: unknown): z.infer<S> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
  );
}

/** A whole number of milliseconds from an env string or a JSON number. */
export const msSchema = z.coerce
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);

export const portSchema = z.coerce.number().int().min(0).max(65535);

/** An amount of minor units in configuration: a JSON integer or a decimal string. */
export const configAmountSchema = z
  .union([z.string().regex(/^(0|[1-9][0-9]*)$/), z.number().int().min(0).max(Number.MAX_SAFE_INTEGER)])
  .transform((v) => BigInt(v));

export const configLimitSchema = z
  .object({ min: configAmountSchema, max: configAmountSchema })
  .strict()
  .refine((l) => l.min > 0n && l.max >= l.min, 'limit needs 0 < min <= max');

const booleanString = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/**
 * Settings every game service reads from the environment. `defaults` lets each app pick its own port, consumer
 * group and result pause. DATABASE_URL absent means an in-memory state store (no restart recovery; tests and
 * demos only).
 */
export function commonEnvShape(defaults: { httpPort: number; service: string; resultMs: number }) {
  return {
    HTTP_PORT: portSchema.default(defaults.httpPort),
    KAFKA_BROKERS: z
      .string()
      .min(1)
      .default('127.0.0.1:9092')
      .transform((s) =>
        s
          .split(',')
          .map((b) => b.trim())
          .filter((b) => b.length > 0),
      ),
    KAFKA_TOPIC_PREFIX: z.string().max(100).default(''),
    KAFKA_CLIENT_ID: z.string().min(1).default(defaults.service),
    KAFKA_GROUP_ID: z.string().min(1).default(defaults.service),
    /**
     * A killed instance's tables move to the others this long after its last heartbeat (the broker allows
     * group.min.session.timeout.ms to group.max.session.timeout.ms: 6 s to 30 min by default).
     */
    KAFKA_SESSION_TIMEOUT_MS: msSchema.min(1_000).max(300_000).default(6_000),
    /** Create the (prefixed) topics at boot if missing; harmless when they exist. */
    KAFKA_CREATE_TOPICS: booleanString.default(true),
    /**
     * KAFKA_SECURITY, KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME (default: the game, e.g. baccarat), KAFKA_SASL_PASSWORD,
     * KAFKA_TLS and KAFKA_TLS_CA_FILE, read together by loadServiceConfig (docs/kafka-security.md).
     */
    KAFKA_CLIENT_SECURITY: kafkaClientSecuritySchema(defaults.service.replace(/-service$/, '')),
    DATABASE_URL: z.string().url().optional(),
    /**
     * Run the game migrations at boot (development, tests). false in production, where the migration Job runs them
     * first (docs/deployment.md#migrations): a database that lacks one is then refused at boot.
     */
    DB_MIGRATIONS_RUN: booleanString.default(true),
    ...tableStateKeyEnvShape(),
    PLAYER_TOKEN_SECRET: z.string().min(16, 'PLAYER_TOKEN_SECRET must be at least 16 characters'),
    ...dealerAccountsEnvShape(),
    /** The ledger's HTTP API, to look up a joining player's balance before any BalanceChanged arrives. */
    LEDGER_URL: z.string().url().optional(),
    /** The ledger's back-office bearer token, for that balance lookup. */
    LEDGER_BACKOFFICE_TOKEN: z.string().min(16).optional(),
    /** The ledger's health check, for readiness (default LEDGER_URL/health; neither set: not checked). */
    LEDGER_HEALTH_URL: z.string().url().optional(),
    /** A bet command unanswered this long, the ledger silent since, means the ledger is unreachable. */
    LEDGER_DECISION_TIMEOUT_MS: msSchema.min(100).default(5_000),
    /** A Kafka send still waiting after this long marks Kafka unreachable (tables stop opening rounds). */
    KAFKA_SEND_TIMEOUT_MS: msSchema.min(100).default(3_000),
    /** How long each readiness check (PostgreSQL, Kafka, the ledger) may take. */
    HEALTH_CHECK_TIMEOUT_MS: msSchema.min(100).default(2_000),
    /** This instance's name: the holder of its tables' leases and the writer of their snapshots and events. */
    SERVICE_INSTANCE: z.string().min(1).max(64).default(defaults.service),
    /** The tables' betting window and result pause, unless a table's own `timers` set them. */
    BETTING_MS: msSchema.default(15_000),
    RESULT_MS: msSchema.default(defaults.resultMs),
    /** Bet commands (placeBet, cancelBet, decide, insurance, RNG buttons): a token bucket per player and per socket. */
    BET_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(10),
    BET_BURST: z.coerce.number().int().min(1).max(10_000).default(20),
    /**
     * The longest a player token lives (the ledger's LEDGER_SESSION_TTL_SECONDS at most 24 h): a token signed for
     * longer (exp - iat, or exp - now) is refused at connect, and a revoked session is refused at connect that long
     * after its revocation, then forgotten.
     */
    PLAYER_TOKEN_MAX_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(30 * 86_400)
      .default(86_400),
    /** At most this many revoked sessions (and as many revoked players) are remembered. */
    REVOCATIONS_MAX_ENTRIES: z.coerce.number().int().min(1).max(10_000_000).default(100_000),
    /** The largest socket.io message a player may send; a larger one drops the connection. */
    SOCKET_MAX_MESSAGE_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(1024 * 1024)
      .default(16 * 1024),
    /**
     * The platform's browser origins (its lobby) allowed to open a player socket for every operator, comma separated
     * (`scheme://host[:port|:*]`, or `*`); an operator's own origins come in its players' tokens.
     */
    SOCKET_ALLOWED_ORIGINS: z
      .string()
      .default(DEFAULT_SOCKET_ORIGINS)
      .transform((s) =>
        s
          .split(',')
          .map((o) => o.trim())
          .filter((o) => o.length > 0),
      )
      .superRefine((list, ctx) => {
        if (list.length === 0) ctx.addIssue({ code: 'custom', message: 'no origin listed' });
        for (const o of list)
          if (!originMatcher(o))
            ctx.addIssue({ code: 'custom', message: `not an origin (scheme://host[:port|:*] or *): ${o}` });
      }),
    /** The service's tables as JSON (see jsonEnv); absent, the game's default tables. */
    TABLES: z.unknown().optional(),
  };
}

export type CommonEnv = z.infer<z.ZodObject<ReturnType<typeof commonEnvShape>>>;

/** Parses the TABLES env var (JSON) when present. */
export function jsonEnv(value: string | undefined, name: string): unknown {
  if (value === undefined || value.trim() === '') return undefined;
  try {
    return JSON.parse(value);
  } catch (err) {
    throw new ConfigError([`${name}: not valid JSON (${(err as Error).message})`]);
  }
}
