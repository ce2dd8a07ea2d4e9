import {
  BACCARAT_BET_TYPES,
  BaccaratBetType,
  BaccaratTableRules,
  BaccaratVariant,
  defaultTableRules,
  tableRulesProblem,
} from '@casino/baccarat';
import {
  commonEnvShape,
  configAmountSchema,
  configLimitSchema,
  ConfigError,
  jsonEnv,
  loadConfig,
  msSchema,
} from '@casino/table-kit';
import { z } from 'zod';

const timersShape = {
  /** Betting window. */
  bettingMs: msSchema,
  /** Pause between two cards of the automatic dealer. */
  cardMs: msSchema,
  /** Result on screen before the next round opens. */
  resultMs: msSchema,
};
const timersSchema = z.object(timersShape).strict();
export type BaccaratTimers = z.infer<typeof timersSchema>;

const cutCardSchema = z.union([
  z.object({ fromBack: z.number().int().min(1) }).strict(),
  z.object({ minFromBack: z.number().int().min(1), maxFromBack: z.number().int().min(1) }).strict(),
]);

const tableSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,48}$/, 'table id: 1-48 characters of A-Z a-z 0-9 . _ -'),
    variant: z.enum(['commission', 'no-commission', 'rng']),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    /** `auto`: the service deals from its own shuffled shoe; `studio`: cards come from the dealer console. */
    dealer: z.enum(['auto', 'studio']).default('auto'),
    decks: z.number().int().min(1).max(8).optional(),
    betTypes: z.array(z.enum(BACCARAT_BET_TYPES)).min(1).optional(),
    limits: z.record(z.enum(BACCARAT_BET_TYPES), configLimitSchema).optional(),
    maxDifference: configAmountSchema.optional(),
    burnMode: z.enum(['burn', 'no-bet-rounds', 'none']).optional(),
    cutCard: cutCardSchema.optional(),
    sideBetLastRound: z.record(z.enum(BACCARAT_BET_TYPES), z.number().int().min(0)).optional(),
    timers: timersSchema.partial().optional(),
  })
  .strict();
export type BaccaratTableInput = z.infer<typeof tableSchema>;

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3101, service: 'baccarat-service' }),
  BETTING_MS: msSchema.default(15_000),
  CARD_MS: msSchema.default(800),
  RESULT_MS: msSchema.default(4_000),
  /** RNG baccarat: how long a disconnected player must wait before reconnecting (seed 004: 30 s). */
  RNG_RECONNECT_DELAY_MS: msSchema.default(30_000),
  /** RNG baccarat: how long the service waits for the ledger's decisions on a DEAL before voiding it. */
  RNG_DECISION_TIMEOUT_MS: msSchema.default(10_000),
  TABLES: z.unknown().optional(),
});

export interface BaccaratTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  rules: BaccaratTableRules;
  timers: BaccaratTimers;
}

export type BaccaratServiceConfig = Omit<z.infer<typeof envSchema>, 'TABLES'> & {
  tables: BaccaratTableConfig[];
};

export const DEFAULT_TABLES: BaccaratTableInput[] = [
  { id: 'bac-1', variant: 'commission', currency: 'EUR', dealer: 'auto' },
  { id: 'bac-2', variant: 'no-commission', currency: 'EUR', dealer: 'auto' },
  { id: 'bac-rng', variant: 'rng', currency: 'EUR', dealer: 'auto' },
];

/** Reads and checks the environment; throws ConfigError listing every problem. */
export function loadBaccaratConfig(env: Record<string, string | undefined>): BaccaratServiceConfig {
  const base = loadConfig(envSchema, { ...env, TABLES: jsonEnv(env.TABLES, 'TABLES') });
  const tableInputs = loadConfig(z.array(tableSchema).min(1), base.TABLES ?? DEFAULT_TABLES);
  const defaults: BaccaratTimers = {
    bettingMs: base.BETTING_MS,
    cardMs: base.CARD_MS,
    resultMs: base.RESULT_MS,
  };
  const tables = tableInputs.map((t) => toTableConfig(t, defaults));
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const t of tables) {
    if (ids.has(t.id)) problems.push(`TABLES: duplicate table id ${t.id}`);
    ids.add(t.id);
    const problem = tableRulesProblem(t.rules);
    if (problem) problems.push(`TABLES.${t.id}: ${problem}`);
    if (t.rules.variant === 'rng' && t.dealer !== 'auto')
      problems.push(`TABLES.${t.id}: an RNG table has no studio`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const { TABLES: _tables, ...rest } = base;
  return { ...rest, tables };
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
