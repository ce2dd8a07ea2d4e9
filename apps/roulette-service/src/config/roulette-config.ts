import {
  DEFAULT_SPIN_REVOLUTIONS,
  DEFAULT_TABLE_LIMITS,
  ROULETTE_BET_TYPES,
  RouletteBetType,
  RouletteTableLimits,
} from '@casino/roulette';
import {
  commonEnvShape,
  configAmountSchema,
  configLimitSchema,
  gameTableSchema,
  gameTimersSchema,
  loadServiceConfig,
  msSchema,
  ServiceConfigOf,
  TableCurrencies,
} from '@casino/table-kit/config';
import { z } from 'zod';

const timersSchema = gameTimersSchema({
  /** Ball in motion: from "no more bets" (launch) to the pocket. */
  spinMs: msSchema,
});
export type RouletteTimers = z.infer<typeof timersSchema>;

const tableSchema = gameTableSchema(timersSchema, {
  /** Whether the wheel counts as inspected and declared ready at boot (default: yes for auto, no for studio). */
  readyAtBoot: z.boolean().optional(),
  limits: z
    .partialRecord(z.enum(ROULETTE_BET_TYPES as [RouletteBetType, ...RouletteBetType[]]), configLimitSchema)
    .optional(),
  /**
   * VIP ceiling per bet type: the most an operator's VIP grant may lift the type's maximum to at this table
   * (docs/rules/restrictions.md#vip-limits); a type without one keeps its maximum for everyone.
   */
  vipMax: z
    .partialRecord(z.enum(ROULETTE_BET_TYPES as [RouletteBetType, ...RouletteBetType[]]), configAmountSchema)
    .optional(),
  /** Automatic wheel: ball revolutions drawn in this range (below 3 produces no-spins). */
  revolutions: z
    .object({ min: z.number().int().min(0), max: z.number().int().min(0) })
    .strict()
    .optional(),
});

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3103, service: 'roulette-service', resultMs: 4_000 }),
  SPIN_MS: msSchema.default(5_000),
});

export interface RouletteTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  readyAtBoot: boolean;
  limits: RouletteTableLimits;
  vipMax: Partial<Record<RouletteBetType, bigint>>;
  /** The other currencies the table takes, each with its own limits (docs/ledger.md#currencies-per-table). */
  currencies?: TableCurrencies;
  revolutions: { min: number; max: number };
  timers: RouletteTimers;
}

export type RouletteServiceConfig = ServiceConfigOf<typeof envSchema, RouletteTableConfig>;

export const DEFAULT_TABLES = [
  { id: 'rou-1', currency: 'EUR', dealer: 'auto' },
  { id: 'rou-studio', currency: 'EUR', dealer: 'studio' },
];

export function loadRouletteConfig(env: Record<string, string | undefined>): RouletteServiceConfig {
  return loadServiceConfig(
    {
      env: envSchema,
      table: tableSchema,
      defaultTables: DEFAULT_TABLES,
      toTable: (t, base, problem): RouletteTableConfig => {
        const revolutions = t.revolutions ?? { ...DEFAULT_SPIN_REVOLUTIONS };
        if (revolutions.max < revolutions.min) problem('revolutions max < min');
        const limits = { ...DEFAULT_TABLE_LIMITS, ...t.limits };
        const vipMax = t.vipMax ?? {};
        for (const [type, ceiling] of Object.entries(vipMax) as [RouletteBetType, bigint][])
          if (ceiling < limits[type].max)
            problem(`vipMax.${type} ${ceiling} is below the maximum ${limits[type].max}`);
        return {
          id: t.id,
          currency: t.currency,
          dealer: t.dealer,
          ...(t.currencies ? { currencies: t.currencies } : {}),
          readyAtBoot: t.readyAtBoot ?? t.dealer === 'auto',
          limits,
          vipMax,
          revolutions,
          timers: { bettingMs: base.BETTING_MS, spinMs: base.SPIN_MS, resultMs: base.RESULT_MS, ...t.timers },
        };
      },
    },
    env,
  );
}
