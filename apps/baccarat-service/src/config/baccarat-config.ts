import {
  BACCARAT_BET_TYPES,
  BACCARAT_BURN_MODES,
  BACCARAT_VARIANTS,
  BaccaratBetType,
  BaccaratTableRules,
  BaccaratVariant,
  defaultTableRules,
  tableRulesProblem,
} from '@casino/baccarat';
import { isCountryCode, recordOf } from '@casino/events';
import {
  commonEnvShape,
  configAmountSchema,
  configLimitSchema,
  cutCardSchema,
  gameTableSchema,
  gameTimersSchema,
  loadServiceConfig,
  msSchema,
  ServiceConfigOf,
  TableCurrencies,
} from '@casino/table-kit/config';
import { z } from 'zod';

const timersSchema = gameTimersSchema({
  /** Pause between two cards of the automatic dealer. */
  cardMs: msSchema,
});
export type BaccaratTimers = z.infer<typeof timersSchema>;

const tableSchema = gameTableSchema(timersSchema, {
  variant: z.enum(BACCARAT_VARIANTS),
  decks: z.number().int().min(1).max(8).optional(),
  betTypes: z.array(z.enum(BACCARAT_BET_TYPES)).min(1).optional(),
  limits: z.partialRecord(z.enum(BACCARAT_BET_TYPES), configLimitSchema).optional(),
  maxDifference: configAmountSchema.optional(),
  burnMode: z.enum(BACCARAT_BURN_MODES).optional(),
  cutCard: cutCardSchema.optional(),
  sideBetLastRound: z.partialRecord(z.enum(BACCARAT_BET_TYPES), z.number().int().min(0)).optional(),
  /**
   * VIP ceiling per bet type: the most an operator's VIP grant may lift the type's maximum to at this live table
   * (docs/rules/restrictions.md#vip-limits); a type without one keeps its maximum for everyone.
   */
  vipMax: z.partialRecord(z.enum(BACCARAT_BET_TYPES), configAmountSchema).optional(),
});
export type BaccaratTableInput = z.infer<typeof tableSchema>;

/** Idle minutes as RNG_IDLE_MINUTES takes them: positive, at most a day, decimals allowed. */
const idleMinutesSchema = z
  .number()
  .positive()
  .max(24 * 60);
const operatorIdSchema = z.string().min(1).max(128);
const countrySchema = z
  .string()
  .refine(isCountryCode, 'not an assigned ISO 3166-1 alpha-2 country code (upper case, GB not UK)');

/** A setting of idle minutes per key as JSON `{"<key>": minutes}`; unset or empty, none. */
function idleMinutesByJson(keySchema: z.ZodType<string>) {
  const byKey = recordOf(keySchema, idleMinutesSchema);
  return z
    .string()
    .optional()
    .transform((text, ctx): Record<string, number> => {
      if (text === undefined || text.trim() === '') return {};
      let raw: unknown;
      try {
        raw = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
      const parsed = byKey.safeParse(raw);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path });
      return z.NEVER;
    });
}

const envSchema = z
  .object({
    ...commonEnvShape({ httpPort: 3101, service: 'baccarat-service', resultMs: 4_000 }),
    CARD_MS: msSchema.default(800),
    /** RNG baccarat: how long a disconnected player must wait before reconnecting (docs/rules/baccarat.md#rng-baccarat: 30 s). */
    RNG_RECONNECT_DELAY_MS: msSchema.default(30_000),
    /** RNG baccarat: how long the service waits for the ledger's decisions on a DEAL before voiding it. */
    RNG_DECISION_TIMEOUT_MS: msSchema.default(10_000),
    /**
     * RNG baccarat: a session with no player action for this many minutes is closed (docs/rules/baccarat.md#rng-baccarat: the number depends
     * on the country); decimals allowed (0.5 = 30 s). The session is saved and restored on the next join.
     */
    RNG_IDLE_MINUTES: z.coerce
      .number()
      .positive()
      .max(24 * 60)
      .default(15),
    /**
     * RNG baccarat: the idle minutes of each operator's jurisdiction, as JSON `{"<operatorId>": minutes}`
     * (docs/rules/baccarat.md#rng-baccarat): an operator licensed in one jurisdiction sets it here for players whose
     * launch named no country listed in RNG_IDLE_MINUTES_BY_COUNTRY; an operator not listed gets RNG_IDLE_MINUTES.
     */
    RNG_IDLE_MINUTES_BY_OPERATOR: idleMinutesByJson(operatorIdSchema),
    /**
     * RNG baccarat: the idle minutes of each player's country, as JSON `{"<ISO 3166-1 alpha-2>": minutes}`
     * (docs/rules/baccarat.md#rng-baccarat): the player token's `country` (the launch's) if listed here, else the
     * operator's (RNG_IDLE_MINUTES_BY_OPERATOR), else RNG_IDLE_MINUTES.
     */
    RNG_IDLE_MINUTES_BY_COUNTRY: idleMinutesByJson(countrySchema),
    /** RNG baccarat: how long before the idle close the player is warned (`rng:idleWarning`); 0 = no warning. */
    RNG_IDLE_WARNING_MS: msSchema.default(60_000),
  })
  .superRefine((env, ctx) => {
    const shortest = Math.min(
      env.RNG_IDLE_MINUTES,
      ...Object.values(env.RNG_IDLE_MINUTES_BY_OPERATOR),
      ...Object.values(env.RNG_IDLE_MINUTES_BY_COUNTRY),
    );
    if (env.RNG_IDLE_WARNING_MS >= shortest * 60_000) {
      ctx.addIssue({
        code: 'custom',
        path: ['RNG_IDLE_WARNING_MS'],
        message:
          'the idle warning must come before the idle close (shorter than RNG_IDLE_MINUTES and every RNG_IDLE_MINUTES_BY_OPERATOR and RNG_IDLE_MINUTES_BY_COUNTRY)',
      });
    }
  });

export interface BaccaratTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  rules: BaccaratTableRules;
  /** VIP ceilings per bet type (docs/rules/restrictions.md#vip-limits); empty: none. */
  vipMax: Partial<Record<BaccaratBetType, bigint>>;
  /** The other currencies the live table takes, each with its own limits (docs/ledger.md#currencies-per-table). */
  currencies?: TableCurrencies;
  timers: BaccaratTimers;
}

export type BaccaratServiceConfig = ServiceConfigOf<typeof envSchema, BaccaratTableConfig>;

export const DEFAULT_TABLES: BaccaratTableInput[] = [
  { id: 'bac-1', variant: 'commission', currency: 'EUR', dealer: 'auto' },
  { id: 'bac-2', variant: 'no-commission', currency: 'EUR', dealer: 'auto' },
  { id: 'bac-rng', variant: 'rng', currency: 'EUR', dealer: 'auto' },
];

/** Reads and checks the environment; throws ConfigError listing every problem. */
export function loadBaccaratConfig(env: Record<string, string | undefined>): BaccaratServiceConfig {
  return loadServiceConfig(
    {
      env: envSchema,
      table: tableSchema,
      defaultTables: DEFAULT_TABLES,
      toTable: (settings, base, problem) => {
        const defaults = { bettingMs: base.BETTING_MS, cardMs: base.CARD_MS, resultMs: base.RESULT_MS };
        const table = toTableConfig(settings, defaults);
        const rulesProblem = tableRulesProblem(table.rules);
        if (rulesProblem) problem(rulesProblem);
        if (table.rules.variant === 'rng' && table.dealer !== 'auto') problem('an RNG table has no studio');
        if (table.rules.variant === 'rng' && table.currencies)
          problem('an RNG table takes its own currency only (currencies)');
        for (const [type, ceiling] of Object.entries(table.vipMax) as [BaccaratBetType, bigint][]) {
          const max = table.rules.limits[type]?.max;
          // One player alone at the RNG table: VIP grants are for the live tables.
          if (table.rules.variant === 'rng') problem('an RNG table has no VIP ceiling (vipMax)');
          else if (max === undefined || !table.rules.betTypes.includes(type))
            problem(`vipMax.${type}: the table does not offer this bet`);
          else if (ceiling < max) problem(`vipMax.${type} ${ceiling} is below the maximum ${max}`);
        }
        return table;
      },
    },
    env,
  );
}

function toTableConfig(input: BaccaratTableInput, defaults: BaccaratTimers): BaccaratTableConfig {
  const rules = defaultTableRules(input.variant as BaccaratVariant);
  const betTypes = input.betTypes ?? rules.betTypes;
  const limits: Partial<Record<BaccaratBetType, { min: bigint; max: bigint }>> = { ...rules.limits };
  for (const [type, limit] of Object.entries(input.limits ?? {})) limits[type as BaccaratBetType] = limit;
  return {
    id: input.id,
    currency: input.currency,
    dealer: input.dealer,
    vipMax: { ...input.vipMax },
    ...(input.currencies ? { currencies: input.currencies } : {}),
    timers: { ...defaults, ...input.timers },
    rules: {
      ...rules,
      decks: input.decks ?? rules.decks,
      betTypes,
      limits,
      maxPlayerBankerDifference: input.maxDifference ?? rules.maxPlayerBankerDifference,
      burnMode: input.burnMode ?? rules.burnMode,
      cutCard: input.cutCard ?? rules.cutCard,
      sideBetLastRound: { ...rules.sideBetLastRound, ...input.sideBetLastRound },
    },
  };
}
