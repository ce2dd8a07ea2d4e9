import { z } from 'zod';

/** Boot fails fast with every bad setting listed, not just the first. */
export class WalletConfigError extends Error {
  readonly code = 'INVALID_CONFIG';
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'WalletConfigError';
  }
}

const envSchema = z.object({
  HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(3400),
  /** The wallet's own database (its books; never the platform's). */
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'a postgres:// URL'),
  /** The operator key the platform signs its calls with (`npm run operator -- add-key`), and its secret. */
  OPERATOR_KEY_ID: z.string().regex(/^ck_[A-Za-z0-9_-]{1,120}$/, 'a key id like ck_…'),
  OPERATOR_KEY_SECRET: z.string().min(32, 'at least 32 characters'),
  /** Bearer token of the admin routes (players, faults): the operator's own back office, tests, the demo. */
  OPERATOR_WALLET_ADMIN_TOKEN: z.string().min(16, 'at least 16 characters'),
  /** `on` lets the admin routes order faults (slow, fail, time out, drop, duplicate); never on in production. */
  OPERATOR_WALLET_FAULTS: z.enum(['on', 'off']).default('off'),
});

export type WalletConfig = z.infer<typeof envSchema>;
export const WALLET_CONFIG = Symbol('WALLET_CONFIG');

export function loadWalletConfig(env: Readonly<Record<string, string | undefined>>): WalletConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success)
    throw new WalletConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  return parsed.data;
}
