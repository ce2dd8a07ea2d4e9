import { cardTextSchema, commonTableShape, idSchema, stakeSchema } from '@casino/game-kit';
import { z } from 'zod';
import {
  BlackjackRules,
  DEFAULT_RULES,
  DOUBLE_RULES,
  MAX_SPLIT_HANDS,
  PEEK_RULES,
  withDefaultRules,
} from './core/rules';
import { BLACKJACK_STAKE_KINDS, PLAYER_ACTIONS } from './core/types';
import { SEAT_COUNT } from './round/start';

// The platform's wire form of a blackjack bet, result and table (docs/events.md); @casino/events unions them.

/**
 * Blackjack stakes: `main` is placed in the betting window; `double`, `split` and `insurance` are the mid-round
 * stakes, placed at their moment in the round. `hand` is 0 for the seat's first hand, 1 for the hand a split made
 * (a split stake names the new hand: hand 1).
 */
export const blackjackStakeKindSchema = z.enum(BLACKJACK_STAKE_KINDS);
/** Seats are numbered 1..7 from the dealer's left. */
export const blackjackSeatSchema = z.number().int().min(1).max(SEAT_COUNT);
/** Hand id within a seat: 0 = the original hand, 1.. = hands made by splits, in the order they were made. */
export const handIdSchema = z
  .number()
  .int()
  .min(0)
  .max(MAX_SPLIT_HANDS - 1);

export const blackjackBetSchema = z
  .object({
    game: z.literal('blackjack'),
    seat: blackjackSeatSchema,
    kind: blackjackStakeKindSchema,
    hand: handIdSchema.default(0),
  })
  .strict();

/** One entry of the blackjack round's input log; replaying the log through the engine reproduces the round. */
export const blackjackInputSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('card'), card: cardTextSchema }).strict(),
  z.object({ kind: z.literal('insurance'), seat: blackjackSeatSchema, take: z.boolean() }).strict(),
  z
    .object({
      kind: z.literal('action'),
      seat: blackjackSeatSchema,
      hand: handIdSchema,
      action: z.enum(PLAYER_ACTIONS),
      /** Double for less: the additional stake; the ledger replays with the stake it accepted, never this one. */
      stake: stakeSchema.optional(),
    })
    .strict(),
  z.object({ kind: z.literal('timeout') }).strict(),
]);

/** Blackjack: the seats dealt in (with their players) and the full input log (cards in order + decisions). */
export const blackjackResultSchema = z
  .object({
    game: z.literal('blackjack'),
    seats: z.array(z.object({ seat: blackjackSeatSchema, playerId: idSchema }).strict()).max(SEAT_COUNT),
    inputs: z.array(blackjackInputSchema).max(400),
  })
  .strict();

export const blackjackTableSchema = z
  .object({
    game: z.literal('blackjack'),
    ...commonTableShape,
    // Ranges and combinations (decks 1..8, maxSplitHands 1..4, payouts 3:2 / 6:5 / 1:1, a variant name for a
    // departure from the operators' rules, …) are the engine's validateTableRules (the definition's
    // tableConfigProblems, applied by @casino/events' tableConfigSchema).
    decks: z.number().int(),
    peek: z.enum(PEEK_RULES),
    doubleAfterSplit: z.boolean(),
    // The rest of the engine's rules, defaulting to the engine's; the ledger replays with them.
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

export type BlackjackWireBet = z.infer<typeof blackjackBetSchema>;
export type BlackjackWireInput = z.infer<typeof blackjackInputSchema>;
export type BlackjackWireResult = z.infer<typeof blackjackResultSchema>;
export type BlackjackWireTable = z.infer<typeof blackjackTableSchema>;

/** The engine's rules a blackjack table's config stands for (the cut card: the engine's default for its decks). */
export function blackjackTableRules(config: BlackjackWireTable): BlackjackRules {
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
