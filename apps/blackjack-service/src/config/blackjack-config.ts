import {
  BlackjackRules,
  DEFAULT_RULES,
  DOUBLE_RULES,
  PEEK_RULES,
  VARIANT_NAME,
  validateTableRules,
  withDefaultRules,
} from '@casino/blackjack';
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
  /** Decision timer per hand; when it ends the hand stands. */
  decisionMs: msSchema,
  /** Insurance window; when it ends, undecided seats decline. */
  insuranceMs: msSchema,
  /** How long to wait for the ledger's final bets after "no more bets" before voiding the round. */
  finalBetsMs: msSchema,
});
export type BlackjackTimers = z.infer<typeof timersSchema>;

/** Cards in one deck. */
const DECK_CARDS = 52;

/** "3:2" → { num: 3n, den: 2n }; which ratios a table may pay is the engine's rule (validateBlackjackRules). */
const payoutSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}:[1-9][0-9]{0,5}$/, 'a ratio "num:den", such as "3:2"')
  .transform((text) => {
    const [num, den] = text.split(':');
    return { num: BigInt(num), den: BigInt(den) };
  });

/**
 * A table in TABLES. Types are checked here; the valid values of the rules (payouts, split hands, cut card…)
 * are the engine's, checked by validateBlackjackRules in loadBlackjackConfig. Absent settings take the
 * engine's defaults (docs/rules/blackjack.md#table-settings).
 */
const tableSchema = gameTableSchema(timersSchema, {
  decks: z.number().int().default(DEFAULT_RULES.decks),
  /** Decks behind the cut card, in whole or half decks; absent: half the shoe (4 of 8). */
  cutCardDecks: z.number().positive().multipleOf(0.5).optional(),
  /** The cut card in cards behind it (or a range drawn per shoe); an alternative to cutCardDecks. */
  cutCard: cutCardSchema.optional(),
  peek: z.enum(PEEK_RULES).default(DEFAULT_RULES.peek),
  dealerHitsSoft17: z.boolean().default(DEFAULT_RULES.dealerHitsSoft17),
  /** "3:2", "6:5" or "1:1". */
  blackjackPays: payoutSchema.optional(),
  double: z.enum(DOUBLE_RULES).default(DEFAULT_RULES.double),
  doubleAfterSplit: z.boolean().default(DEFAULT_RULES.doubleAfterSplit),
  maxSplitHands: z.number().default(DEFAULT_RULES.maxSplitHands),
  resplitAces: z.boolean().default(DEFAULT_RULES.resplitAces),
  splitAcesOneCard: z.boolean().default(DEFAULT_RULES.splitAcesOneCard),
  insurance: z.boolean().default(DEFAULT_RULES.insurance),
  /**
   * The name players see for a table whose rules depart from the operators' rules ("H17 6:5"): required for
   * such a table, refused for one that follows them (validateTableRules).
   */
  variant: z
    .string()
    .regex(VARIANT_NAME, "a name of 1..48 letters, digits, spaces and . , : / + & ( ) ' -")
    .optional(),
  /** Main bet limits; double and split stakes follow the hand, insurance costs half the main stake. */
  limits: z.object({ main: configLimitSchema }).strict().optional(),
  /**
   * VIP ceiling of the main bet: the most an operator's VIP grant may lift its maximum to at this table
   * (docs/rules/restrictions.md#vip-limits); absent, the maximum holds for everyone.
   */
  vipMax: z.object({ main: configAmountSchema }).strict().optional(),
});
type TableSettings = z.infer<typeof tableSchema>;

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
  /** The table's rules: the service deals with them and sends them to the ledger (ledgerTableConfig). */
  rules: BlackjackRules;
  mainLimit: { min: bigint; max: bigint };
  /** The main bet's VIP ceiling (docs/rules/restrictions.md#vip-limits); absent: none. */
  vipMax: { main?: bigint };
  /** The other currencies the table takes, each with its own limits (docs/ledger.md#currencies-per-table). */
  currencies?: TableCurrencies;
  timers: BlackjackTimers;
}

export type BlackjackServiceConfig = ServiceConfigOf<typeof envSchema, BlackjackTableConfig>;

export const DEFAULT_TABLES = [{ id: 'bj-1', currency: 'EUR', dealer: 'auto' }];

/** A table's rules from its settings, unchecked (the engine's defaults for what it does not set). */
function tableRules(t: TableSettings): BlackjackRules {
  const cutCard =
    t.cutCardDecks !== undefined ? { fromBack: Math.round(t.cutCardDecks * DECK_CARDS) } : t.cutCard;
  return withDefaultRules({
    decks: t.decks,
    ...(cutCard ? { cutCard } : {}),
    peek: t.peek,
    dealerHitsSoft17: t.dealerHitsSoft17,
    blackjackPays: t.blackjackPays ?? DEFAULT_RULES.blackjackPays,
    double: t.double,
    doubleAfterSplit: t.doubleAfterSplit,
    maxSplitHands: t.maxSplitHands,
    resplitAces: t.resplitAces,
    splitAcesOneCard: t.splitAcesOneCard,
    insurance: t.insurance,
    ...(t.variant === undefined ? {} : { variant: t.variant }),
  });
}

/**
 * Reads the environment and TABLES; throws ConfigError (the boot fails) listing every problem, e.g.
 * `TABLES.bj-1: blackjackPays 1000:1 is not a known payout; use one of 3:2, 6:5, 1:1`, or a departure from the
 * operators' rules without a variant name (docs/rules/blackjack.md#variants).
 */
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
        if (t.cutCardDecks !== undefined && t.cutCard !== undefined) {
          problem('set cutCardDecks or cutCard, not both');
          return undefined;
        }
        const rules = tableRules(t);
        const problems = validateTableRules(rules);
        for (const p of problems) {
          problem(
            p.setting === 'cutCard' && t.cutCardDecks !== undefined
              ? `cutCardDecks ${t.cutCardDecks}: ${p.message}`
              : p.message,
          );
        }
        if (problems.length > 0) return undefined;
        const mainLimit = t.limits?.main ?? { min: 100n, max: 500_000n };
        if (t.vipMax && t.vipMax.main < mainLimit.max)
          problem(`vipMax.main ${t.vipMax.main} is below the maximum ${mainLimit.max}`);
        return {
          id: t.id,
          currency: t.currency,
          dealer: t.dealer,
          rules,
          mainLimit,
          vipMax: { ...t.vipMax },
          ...(t.currencies ? { currencies: t.currencies } : {}),
          timers: { ...defaults, ...t.timers },
        };
      },
    },
    env,
  );
}
