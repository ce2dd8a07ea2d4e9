import { z } from 'zod';

const seconds = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The dealer console's settings (part of every game service's environment, see commonEnvShape). */
export function dealerAccountsEnvShape() {
  return {
    /** Signs dealer session tokens (HMAC-SHA256); unset: no dealer accounts, only DEALER_API_KEY. */
    DEALER_TOKEN_SECRET: z.string().min(32, 'DEALER_TOKEN_SECRET must be at least 32 characters').optional(),
    DEALER_TOKEN_TTL_SECONDS: seconds(60, 12 * 3600, 3600),
    DEALER_LOGIN_MAX_FAILURES: seconds(1, 100, 5),
    DEALER_LOGIN_MAX_FAILURES_PER_IP: seconds(1, 10_000, 20),
    DEALER_LOGIN_WINDOW_SECONDS: seconds(10, 86_400, 900),
    /** The shared development/automation key (header x-dealer-key), audited as dealer `automation`. */
    DEALER_API_KEY: z.string().min(12, 'DEALER_API_KEY must be at least 12 characters').optional(),
    /** NODE_ENV=production refuses DEALER_API_KEY unless this is true. */
    DEALER_API_KEY_IN_PRODUCTION: flag.default(false),
  };
}

export type DealerAccountsEnv = z.infer<z.ZodObject<ReturnType<typeof dealerAccountsEnvShape>>> & {
  DATABASE_URL?: string;
  /** false: the migration Job runs the game migrations, the service only checks them (commonEnvShape). */
  DB_MIGRATIONS_RUN?: boolean;
};

const isSet = (v: string | undefined): v is string => v !== undefined && v !== '';

/** What the settings above cannot say field by field: how they go together, and production's rules. */
export function dealerAccessProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const secret = env.DEALER_TOKEN_SECRET;
  const production = env.NODE_ENV === 'production';
  if (!isSet(secret) && !isSet(env.DEALER_API_KEY))
    problems.push('DEALER_TOKEN_SECRET: required (dealer accounts), or DEALER_API_KEY in development');
  if (isSet(secret) && !isSet(env.DATABASE_URL))
    problems.push('DEALER_TOKEN_SECRET: dealer accounts live in PostgreSQL, set DATABASE_URL');
  if (isSet(secret) && secret === env.PLAYER_TOKEN_SECRET)
    problems.push('DEALER_TOKEN_SECRET: must differ from PLAYER_TOKEN_SECRET');
  if (production && !isSet(secret)) problems.push('DEALER_TOKEN_SECRET: required when NODE_ENV=production');
  const keyAllowed = env.DEALER_API_KEY_IN_PRODUCTION === 'true' || env.DEALER_API_KEY_IN_PRODUCTION === '1';
  if (production && isSet(env.DEALER_API_KEY) && !keyAllowed)
    problems.push('DEALER_API_KEY: refused when NODE_ENV=production (set DEALER_API_KEY_IN_PRODUCTION=true)');
  return problems;
}
