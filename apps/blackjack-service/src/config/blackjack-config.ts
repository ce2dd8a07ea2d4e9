import { BlackjackRules, DEFAULT_RULES, PEEK_RULES, resolveRules } from '@casino/blackjack';
import {
  commonEnvShape,
  configLimitSchema,
  cutCardSchema,
  gameTableSchema,
  gameTimersSchema,
  loadServiceConfig,
  msSchema,
  ServiceConfigOf,
} from '@casino/table-kit';
import { z } from 'zod';

const timersSchema = gameTimersSchema({
  /** Pause between two cards of the automatic dealer. */
  cardMs: msSchema,
  /** Decision timer per hand; when it ends the hand stands. */
  decisionMs: msSchema,
  /** Insurance window; when it ends, undecided seats decline. */
  insuranceMs: msSchema,
  /** How long to wait for the ledger's final bets after "no more bets" before voiding the round. */
  finalBetsMs: msSchema,
});
export type BlackjackTimers = z.infer<typeof timersSchema>;

const tableSchema = gameTableSchema(timersSchema, {
  decks: z.number().int().min(1).max(8).default(DEFAULT_RULES.decks),
  cutCard: cutCardSchema.optional(),
  peek: z.enum(PEEK_RULES).default(DEFAULT_RULES.peek),
  doubleAfterSplit: z.boolean().default(DEFAULT_RULES.doubleAfterSplit),
  /** Main bet limits; double and split stakes follow the hand, insurance costs half the main stake. */
  limits: z.object({ main: configLimitSchema }).strict().optional(),
});

const envSchema = z.object({
  ...commonEnvShape({ httpPort: 3102, service: 'blackjack-service', resultMs: 5_000 }),
  CARD_MS: msSchema.default(700),
  DECISION_MS: msSchema.default(15_000),
  INSURANCE_MS: msSchema.default(8_000),
  FINAL_BETS_MS: msSchema.default(10_000),
});

export interface BlackjackTableConfig {
  id: string;
  currency: string;
  dealer: 'auto' | 'studio';
  rules: BlackjackRules;
  mainLimit: { min: bigint; max: bigint };
  timers: BlackjackTimers;
}

export type BlackjackServiceConfig = ServiceConfigOf<typeof envSchema, BlackjackTableConfig>;

export const DEFAULT_TABLES = [{ id: 'bj-1', currency: 'EUR', dealer: 'auto' }];

export function loadBlackjackConfig(env: Record<string, string | undefined>): BlackjackServiceConfig {
  return loadServiceConfig(
    {
      env: envSchema,
      table: tableSchema,
      defaultTables: DEFAULT_TABLES,
      toTable: (t, base, problem) => {
        const defaults: BlackjackTimers = {
          bettingMs: base.BETTING_MS,
          cardMs: base.CARD_MS,
          decisionMs: base.DECISION_MS,
          insuranceMs: base.INSURANCE_MS,
          resultMs: base.RESULT_MS,
          finalBetsMs: base.FINAL_BETS_MS,
        };
        try {
          const rules = resolveRules({
            decks: t.decks,
            cutCard: t.cutCard ?? { fromBack: Math.floor((t.decks * 52) / 2) },
            peek: t.peek,
            doubleAfterSplit: t.doubleAfterSplit,
          });
          return {
            id: t.id,
            currency: t.currency,
            dealer: t.dealer,
            rules,
            mainLimit: t.limits?.main ?? { min: 100n, max: 500_000n },
            timers: { ...defaults, ...t.timers },
          };
        } catch (err) {
          problem((err as Error).message);
          return undefined;
        }
      },
    },
    env,
  );
}
