import { BlackjackRules, resolveRules } from '@casino/blackjack';
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
    bettingMs: msSchema,
    /** Pause between two cards of the automatic dealer. */
    cardMs: msSchema,
    /** Decision timer per hand; when it ends the hand stands. */
    decisionMs: msSchema,
    /** Insurance window; when it ends, undecided seats decline. */
    insuranceMs: msSchema,
    resultMs: msSchema,
    /** How long to wait for the ledger's final bets after "no more bets" before voiding the round. */
    finalBetsMs: msSchema,
  })
  .strict();
export type BlackjackTimers = z.infer<typeof timersSchema>;

const cutCardSchema = z.union([
  z.object({ fromBack: z.number().int().min(1) }).strict(),
  z.object({ minFromBack: z.number().int().min(1), maxFromBack: z.number().int().min(1) }).strict(),
]);

const tableSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9._-]{1,48}$/, 'table id: 1-48 characters of A-Z a-z 0-9 . _ -'),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/)
      .default('EUR'),
    dealer: z.enum(['auto', 'studio']).default('auto'),
    decks: z.number().int().min(1).max(8).default(8),
    cutCard: cutCardSchema.optional(),
    peek: z.enum(['ace', 'ace-and-ten', 'none']).default('ace'),
    doubleAfterSplit: z.boolean().default(true),
    /** Main bet limits; double and split stakes follow the hand, insurance costs half the main stake. */
    limits: z.object({ main: configLimitSchema }).strict().optional(),
    timers: timersSchema.partial().optional(),
  })
  .strict();

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3102, service: 'blackjack-service' }),
  BETTING_MS: msSchema.default(15_000),
  CARD_MS: msSchema.default(700),
  DECISION_MS: msSchema.default(15_000),
  INSURANCE_MS: msSchema.default(8_000),
  RESULT_MS: msSchema.default(5_000),
  FINAL_BETS_MS: msSchema.default(10_000),
  TABLES: z.unknown().optional(),
});

export interface BlackjackTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  rules: BlackjackRules;
  mainLimit: { min: bigint; max: bigint };
  timers: BlackjackTimers;
}

export type BlackjackServiceConfig = Omit<z.infer<typeof envSchema>, 'TABLES'> & {
  tables: BlackjackTableConfig[];
};

export const DEFAULT_TABLES = [{ id: 'bj-1', currency: 'EUR', dealer: 'auto' }];

export function loadBlackjackConfig(env: Record<string, string | undefined>): BlackjackServiceConfig {
  const base = loadConfig(envSchema, { ...env, TABLES: jsonEnv(env.TABLES, 'TABLES') });
  const inputs = loadConfig(z.array(tableSchema).min(1), base.TABLES ?? DEFAULT_TABLES);
  const defaults: BlackjackTimers = {
    bettingMs: base.BETTING_MS,
    cardMs: base.CARD_MS,
    decisionMs: base.DECISION_MS,
    insuranceMs: base.INSURANCE_MS,
    resultMs: base.RESULT_MS,
    finalBetsMs: base.FINAL_BETS_MS,
  };
  const problems: string[] = [];
  const ids = new Set<string>();
  const tables: BlackjackTableConfig[] = [];
  for (const t of inputs) {
    if (ids.has(t.id)) problems.push(`TABLES: duplicate table id ${t.id}`);
    ids.add(t.id);
    try {
      const rules = resolveRules({
        decks: t.decks,
        cutCard: t.cutCard ?? { fromBack: Math.floor((t.decks * 52) / 2) },
        peek: t.peek,
        doubleAfterSplit: t.doubleAfterSplit,
      });
      tables.push({
        id: t.id,
        currency: t.currency,
        dealer: t.dealer,
        rules,
        mainLimit: t.limits?.main ?? { min: 100n, max: 500_000n },
        timers: { ...defaults, ...t.timers },
      });
    } catch (err) {
      problems.push(`TABLES.${t.id}: ${(err as Error).message}`);
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  const { TABLES: _tables, ...rest } = base;
  return { ...rest, tables };
}
