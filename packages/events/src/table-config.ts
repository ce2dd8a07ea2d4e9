import { PAY_TABLE_NAMES } from '@casino/baccarat';
import {
  BlackjackRules,
  DEFAULT_RULES,
  DOUBLE_RULES,
  PEEK_RULES,
  validateTableRules,
  withDefaultRules,
} from '@casino/blackjack';
import { z } from 'zod';
import { amountSchema, stakeSchema } from './primitives';

/** Minimum and maximum stake for one bet (limit key: baccarat bet type, roulette bet type, blackjack kind). */
export const betLimitSchema = z.object({ min: stakeSchema, max: stakeSchema }).strict();
export type BetLimit = z.infer<typeof betLimitSchema>;

const limitsSchema = z.record(z.string(), betLimitSchema);

const common = {
  /** Per bet, per limit key. A bet kind without an entry is not offered at this table. */
  limits: limitsSchema,
  /** Table-wide cap on the total staked per limit key in one round (baccarat tie and side bets). */
  tableMax: z.record(z.string(), amountSchema).default({}),
  /**
   * The table's exposure ceiling for VIP grants, per limit key: the most a player's operator-granted VIP maximum
   * may lift that bet's maximum to at this table. A key without an entry keeps the table's maximum for everyone
   * (docs/rules/restrictions.md#vip-limits).
   */
  vipMax: z.record(z.string(), amountSchema).optional(),
};

export const baccaratTableSchema = z
  .object({
    game: z.literal('baccarat'),
    ...common,
    payTable: z.enum(PAY_TABLE_NAMES),
    /** |total on Player − total on Banker| at the table may not exceed this; absent = no limit. */
    maxDifference: amountSchema.optional(),
    /** Side-bet cut-offs count rounds of the shoe (docs/rules/baccarat.md). */
    roundInShoe: z.number().int().min(1),
    /** Last round of the shoe on which a bet type is accepted; absent = the engine's defaults (pairs 60, others 50). */
    sideBetLastRound: z.record(z.string(), z.number().int().min(0)).optional(),
  })
  .strict();

export const rouletteTableSchema = z.object({ game: z.literal('roulette'), ...common }).strict();

export const blackjackTableSchema = z
  .object({
    game: z.literal('blackjack'),
    ...common,
    // Ranges and combinations (decks 1..8, maxSplitHands 1..4, payouts 3:2 / 6:5 / 1:1, a variant name for a
    // departure from the operators' rules, …) are the engine's validateTableRules, applied by tableConfigSchema.
    decks: z.number().int(),
    peek: z.enum(PEEK_RULES),
    doubleAfterSplit: z.boolean(),
    // The rest of @casino/blackjack's rules, defaulting to the engine's; the ledger replays with them.
    dealerHitsSoft17: z.boolean().default(DEFAULT_RULES.dealerHitsSoft17),
    /** Blackjack win per unit staked as a fraction: 3:2 = { num: 3, den: 2 }; 3:2, 6:5 or 1:1. */
    blackjackPays: z
      .object({ num: z.number().int().min(1), den: z.number().int().min(1) })
      .strict()
      .default({
        num: Number(DEFAULT_RULES.blackjackPays.num),
        den: Number(DEFAULT_RULES.blackjackPays.den),
      }),
    double: z.enum(DOUBLE_RULES).default(DEFAULT_RULES.double),
    maxSplitHands: z.number().int().default(DEFAULT_RULES.maxSplitHands),
    resplitAces: z.boolean().default(DEFAULT_RULES.resplitAces),
    splitAcesOneCard: z.boolean().default(DEFAULT_RULES.splitAcesOneCard),
    dealerHoleCard: z.boolean().default(DEFAULT_RULES.dealerHoleCard),
    insurance: z.boolean().default(DEFAULT_RULES.insurance),
    /** The variant name of a table departing from the operators' rules (validateTableRules); absent otherwise. */
    variant: z.string().max(100).optional(),
  })
  .strict();

export type BaccaratTableConfig = z.infer<typeof baccaratTableSchema>;
export type RouletteTableConfig = z.infer<typeof rouletteTableSchema>;
export type BlackjackTableConfig = z.infer<typeof blackjackTableSchema>;

/** The engine's rules a blackjack table's config stands for (the cut card: the engine's default for its decks). */
export function blackjackTableRules(config: BlackjackTableConfig): BlackjackRules {
  return withDefaultRules({
    decks: config.decks,
    peek: config.peek,
    doubleAfterSplit: config.doubleAfterSplit,
    dealerHitsSoft17: config.dealerHitsSoft17,
    blackjackPays: { num: BigInt(config.blackjackPays.num), den: BigInt(config.blackjackPays.den) },
    double: config.double,
    maxSplitHands: config.maxSplitHands,
    resplitAces: config.resplitAces,
    splitAcesOneCard: config.splitAcesOneCard,
    dealerHoleCard: config.dealerHoleCard,
    insurance: config.insurance,
    ...(config.variant === undefined ? {} : { variant: config.variant }),
  });
}

/**
 * The table's settings for one round, snapshotted in RoundOpened so the ledger decides with what players saw.
 * A blackjack table's rules must pass the engine's validateTableRules, as the service's configuration does: valid,
 * and named as a variant where they depart from the operators' rules.
 */
export const tableConfigSchema = z
  .discriminatedUnion('game', [baccaratTableSchema, rouletteTableSchema, blackjackTableSchema])
  .superRefine((config, ctx) => {
    if (config.game !== 'blackjack') return;
    for (const problem of validateTableRules(blackjackTableRules(config))) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [problem.setting], message: problem.message });
    }
  });
export type TableConfig = z.infer<typeof tableConfigSchema>;

/** The shoe a round is dealt from: its id and the published commitment hash (see @casino/cards commitment). */
export const shoeRefSchema = z
  .object({ shoeId: z.string().min(1).max(128), hash: z.string().regex(/^[0-9a-f]{64}$/) })
  .strict();
export type ShoeRef = z.infer<typeof shoeRefSchema>;
