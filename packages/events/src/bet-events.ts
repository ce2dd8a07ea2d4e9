import { z } from 'zod';
import { betSpecSchema } from './bet-specs';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from './primitives';
import { TOPICS } from './topics';

const betIds = {
  tableId: idSchema,
  roundId: idSchema,
  game: gameSchema,
  playerId: idSchema,
  operatorId: idSchema,
  currency: currencySchema,
};

/**
 * A player's bet command. Its event id is the idempotency key: the same command delivered twice makes one bet.
 * Blackjack's double, split and insurance stakes are PlaceBet commands too (bet.kind).
 */
export const PlaceBet = defineEvent('PlaceBet', 1, TOPICS.betCommands, 'playerId', {
  ...betIds,
  stake: stakeSchema,
  bet: betSpecSchema,
});

/** The ledger debited the stake and recorded the bet. causationId = the command's id. */
export const BetAccepted = defineEvent('BetAccepted', 1, TOPICS.betDecisions, 'tableId', {
  ...betIds,
  betId: idSchema,
  commandId: idSchema,
  stake: stakeSchema,
  bet: betSpecSchema,
  /** The player's wallet balance after the debit. */
  balance: amountSchema,
});

/** Why a bet was rejected. */
export const BET_REJECTION_CODES = [
  'ROUND_UNKNOWN',
  'LATE_BET',
  'ROUND_NOT_IN_PLAY',
  'GAME_MISMATCH',
  'CURRENCY_MISMATCH',
  'INVALID_BET',
  'BET_NOT_OFFERED',
  'BELOW_TABLE_MIN',
  'ABOVE_TABLE_MAX',
  'BELOW_PERSONAL_LIMIT',
  'ABOVE_PERSONAL_LIMIT',
  'TABLE_TOTAL_EXCEEDED',
  'SIDE_BET_CUTOFF',
  'OPPOSING_BETS',
  'MAX_DIFFERENCE_EXCEEDED',
  'COVERAGE_EXCEEDED',
  'BONUS_FUNDS_NOT_ALLOWED',
  'NO_MAIN_BET',
  'SEAT_TAKEN',
  'INVALID_ADDITIONAL_STAKE',
  'INSUFFICIENT_FUNDS',
  'WALLET_UNKNOWN',
] as const;
export const betRejectionCodeSchema = z.enum(BET_REJECTION_CODES);
export type BetRejectionCode = z.infer<typeof betRejectionCodeSchema>;

/** The bet was not taken; nothing was debited. causationId = the command's id. */
export const BetRejected = defineEvent('BetRejected', 1, TOPICS.betDecisions, 'tableId', {
  ...betIds,
  commandId: idSchema,
  stake: stakeSchema,
  bet: betSpecSchema,
  code: betRejectionCodeSchema,
  message: z.string().max(500),
});
