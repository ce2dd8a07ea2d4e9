import { z } from 'zod';
import { betSpecSchema } from './bet-specs';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from './primitives';
import { VOID_REASONS } from './round-events';
import { TOPICS } from './topics';

const roundIds = { tableId: idSchema, roundId: idSchema, game: gameSchema, currency: currencySchema };

/**
 * Large rounds are split over several messages so each stays well under Kafka's 1 MB default; `part` says which
 * (index from 0) of how many. Totals are repeated in every part and cover the whole round.
 */
export const partSchema = z
  .object({ index: z.number().int().min(0), count: z.number().int().min(1) })
  .strict()
  .refine((p) => p.index < p.count, 'part index must be below count');

const roundBetSchema = z
  .object({
    betId: idSchema,
    playerId: idSchema,
    operatorId: idSchema,
    stake: stakeSchema,
    bet: betSpecSchema,
  })
  .strict();
export type RoundBet = z.infer<typeof roundBetSchema>;

/** The final accepted bets of a round, published when betting closes. */
export const BetsFinalized = defineEvent('BetsFinalized', 1, TOPICS.roundBets, 'tableId', {
  ...roundIds,
  part: partSchema,
  bets: z.array(roundBetSchema),
  betCount: z.number().int().min(0),
  totalStaked: amountSchema,
});

export const betOutcomeSchema = z.enum(['win', 'lose', 'push']);
export type BetOutcome = z.infer<typeof betOutcomeSchema>;

const settledBetSchema = z
  .object({
    betId: idSchema,
    playerId: idSchema,
    operatorId: idSchema,
    stake: stakeSchema,
    /** What the player receives back, stake included (0 for a lost bet). */
    returned: amountSchema,
    outcome: betOutcomeSchema,
  })
  .strict();
export type SettledBet = z.infer<typeof settledBetSchema>;

/** Every bet of a round settled from its result, payouts computed by the ledger with the game's engine. */
export const RoundSettled = defineEvent('RoundSettled', 1, TOPICS.settlements, 'tableId', {
  ...roundIds,
  part: partSchema,
  bets: z.array(settledBetSchema),
  betCount: z.number().int().min(0),
  totalStaked: amountSchema,
  totalReturned: amountSchema,
});

const refundedBetSchema = z
  .object({ betId: idSchema, playerId: idSchema, operatorId: idSchema, stake: stakeSchema })
  .strict();
export type RefundedBet = z.infer<typeof refundedBetSchema>;

/** A voided round: every stake refunded. */
export const RoundRefunded = defineEvent('RoundRefunded', 1, TOPICS.settlements, 'tableId', {
  ...roundIds,
  part: partSchema,
  reason: z.enum(VOID_REASONS),
  bets: z.array(refundedBetSchema),
  betCount: z.number().int().min(0),
  totalRefunded: amountSchema,
});
