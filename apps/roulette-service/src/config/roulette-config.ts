import {
  DEFAULT_TABLE_LIMITS,
  ROULETTE_BET_TYPES,
  RouletteBetType,
  RouletteTableLimits,
} from '@casino/roulette';
import {
  commonEnvShape,
  configLimitSchema,
  ConfigError,
  jsonEnv,
  loadConfig,
  msSchema,
} from '@casino/table-kit';
import { z } from 'zod';

const timersSchema = z
  .object({
    /** Betting window. */
    bettingMs: msSchema,
    /** Ball in motion: from "no more bets" (launch) to the pocket. */
    spinMs: msSchema,
    /** Result on screen before the next round opens. */
    resultMs: msSchema,
  })
  .strict();
export type RouletteTimers = z.infer<typeof timersSchema>;

const tableSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,48}$/, 'table id: 1-48 characters of A-Z a-z 0-9 . _ -'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    /** `auto`: a CSPRNG wheel; `studio`: the dealer console announces the pocket. */
    dealer: z.enum(['auto', 'studio']).default('auto'),
    /** Whether the wheel counts as inspected and declared ready at boot (default: yes for auto, no for studio). */
    readyAtBoot: z.boolean().optional(),
    limits: z
      .record(z.enum(ROULETTE_BET_TYPES as [RouletteBetType, ...RouletteBetType[]]), configLimitSchema)
      .optional(),
    /** Automatic wheel: ball revolutions drawn in this range (below 3 produces no-spins). */
    revolutions: z
      .object({ min: z.number().int().min(0), max: z.number().int().min(0) })
      .strict()
      .optional(),
    timers: timersSchema.partial().optional(),
  })
  .strict();

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3103, service: 'roulette-service' }),
  BETTING_MS: msSchema.default(15_000),
  SPIN_MS: msSchema.default(5_000),
  RESULT_MS: msSchema.default(4_000),
  TABLES: z.unknown().optional(),
});

export interface RouletteTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  readyAtBoot: boolean;
  limits: RouletteTableLimits;
  revolutions: { min: number; max: number };
  timers: RouletteTimers;
}

export type RouletteServiceConfig = Omit<z.infer<typeof envSchema>, 'TABLES'> & {
  tables: RouletteTableConfig[];
};

export const DEFAULT_TABLES = [
  { id: 'rou-1', currency: 'EUR', dealer: 'auto' },
  { id: 'rou-studio', currency: 'EUR', dealer: 'studio' },
];

export function loadRouletteConfig(env: Record<string, string | undefined>): RouletteServiceConfig {
  const base = loadConfig(envSchema, { ...env, TABLES: jsonEnv(env.TABLES, 'TABLES') });
  const inputs = loadConfig(z.array(tableSchema).min(1), base.TABLES ?? DEFAULT_TABLES);
  const defaults: RouletteTimers = {
    bettingMs: base.BETTING_MS,
    spinMs: base.SPIN_MS,
    resultMs: base.RESULT_MS,
  };
  const problems: string[] = [];
  const ids = new Set<string>();
  const tables = inputs.map((t): RouletteTableConfig => {
    if (ids.has(t.id)) problems.push(`TABLES: duplicate table id ${t.id}`);
    ids.add(t.id);
    const revolutions = t.revolutions ?? { min: 6, max: 14 };
    if (revolutions.max < revolutions.min) problems.push(`TABLES.${t.id}: revolutions max < min`);
    return {
      id: t.id,
      currency: t.currency,
      dealer: t.dealer,
      readyAtBoot: t.readyAtBoot ?? t.dealer === 'auto',
      limits: { ...DEFAULT_TABLE_LIMITS, ...t.limits },
      revolutions,
      timers: { ...defaults, ...t.timers },
    };
  });
  if (problems.length > 0) throw new ConfigError(problems);
  const { TABLES: _tables, ...rest } = base;
  return { ...rest, tables };
}
