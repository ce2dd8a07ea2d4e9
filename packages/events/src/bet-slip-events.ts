import { z } from 'zod';
import { betRejectionCodeSchema, playerTokenSchema } from './bet-events';
import { betSpecSchema } from './bet-specs';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from './primitives';
import { GAME_TOPIC_FAMILIES, TOPICS } from './topics';

/**
 * The most bets one PlaceBets command (and so one BetsDecided answer) holds: a full roulette layout with racetrack
 * bets fits, and the message stays far below the broker's 1 MB message limit (~250 bytes a bet). A table service
 * splits a larger slip into several commands.
 */
export const MAX_SLIP_BETS = 200;

const slipIds = {
  tableId: idSchema,
  roundId: idSchema,
  game: gameSchema,
  playerId: idSchema,
  operatorId: idSchema,
  currency: currencySchema,
};

/** One bet of a slip: `commandId` is its own idempotency key, as a PlaceBet's event id is. */
export const slipBetSchema = z
  .object({
    commandId: idSchema,
    stake: stakeSchema,
    bet: betSpecSchema,
  })
  .strict();

/**
 * A player's bet slip: many bets of one player, one round, one table, in one command (docs/events.md "PlaceBets").
 * The ledger decides them in order in one transaction, each as if it were its own PlaceBet (`commandId` as the
 * command id), and answers with one BetsDecided. The event id is the slip's idempotency key; each bet's commandId
 * is recorded as processed too. `playerToken` proves the player's live launch session for every bet of the slip
 * (they are all that player's: the player is named once, on the command).
 */
export const PlaceBets = defineEvent('PlaceBets', 1, GAME_TOPIC_FAMILIES.betCommands, 'playerId', {
  ...slipIds,
  bets: z
    .array(slipBetSchema)
    .min(1)
    .max(MAX_SLIP_BETS)
    .refine((bets) => new Set(bets.map((b) => b.commandId)).size === bets.length, 'bet command ids repeat'),
  playerToken: playerTokenSchema.optional(),
});

/** One bet's decision in a BetsDecided: `eventId` is the id the BetAccepted / BetRejected it stands for has. */
export const slipDecisionSchema = z.discriminatedUnion('outcome', [
  z
    .object({
      outcome: z.literal('accepted'),
      eventId: idSchema,
      commandId: idSchema,
      betId: idSchema,
      stake: stakeSchema,
      bet: betSpecSchema,
      /** The player's wallet balance after this bet's debit. */
      balance: amountSchema,
    })
    .strict(),
  z
    .object({
      outcome: z.literal('rejected'),
      eventId: idSchema,
      commandId: idSchema,
      stake: stakeSchema,
      bet: betSpecSchema,
      code: betRejectionCodeSchema,
      message: z.string().max(500),
    })
    .strict(),
]);
export type SlipDecision = z.infer<typeof slipDecisionSchema>;

/**
 * The ledger's one answer to a PlaceBets: a decision per bet, in the slip's order. causationId and `commandId` =
 * the slip's id. A bet the ledger hands to a seamless operator's wallet is answered later on its own (BetAccepted /
 * BetRejected), so a BetsDecided may hold fewer decisions than the slip had bets.
 */
export const BetsDecided = defineEvent('BetsDecided', 1, TOPICS.betDecisions, 'tableId', {
  ...slipIds,
  commandId: idSchema,
  decisions: z.array(slipDecisionSchema).min(1).max(MAX_SLIP_BETS),
});
