import { z } from 'zod';
import { betSpecSchema } from './bet-specs';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from './primitives';
import { GAME_TOPIC_FAMILIES, TOPICS } from './topics';

const betIds = {
  tableId: idSchema,
  roundId: idSchema,
  game: gameSchema,
  playerId: idSchema,
  operatorId: idSchema,
  currency: currencySchema,
};

/**
 * The player's launch token (player-token.ts) as their socket presented it: the proof, checked by the ledger, that
 * the player has a live launch session with the service that sends the command. Optional in the schema so that a
 * command without one is refused with PLAYER_SESSION_INVALID (and alerted), not parked as undecodable.
 */
export const playerTokenSchema = z.string().min(1).max(8192);

/**
 * A player's bet command. Its event id is the idempotency key: the same command delivered twice makes one bet.
 * Blackjack's double, split and insurance stakes are PlaceBet commands too (bet.kind).
 */
export const PlaceBet = defineEvent('PlaceBet', 1, GAME_TOPIC_FAMILIES.betCommands, 'playerId', {
  ...betIds,
  stake: stakeSchema,
  bet: betSpecSchema,
  playerToken: playerTokenSchema.optional(),
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
  'WAGER_LIMIT_REACHED',
  'LOSS_LIMIT_REACHED',
  // The player is taking a break (cooling-off): no bet until it ends.
  'COOLING_OFF',
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
  // The bet's largest payout could take the wallet above the ledger's balance ceiling of the currency.
  'BALANCE_CEILING_EXCEEDED',
  'WALLET_UNKNOWN',
  'ROUND_QUARANTINED',
  'PLAYER_QUARANTINED',
  // A seamless operator's wallet refused the stake's debit (its refusal code), or did not answer for sure.
  'WALLET_INSUFFICIENT_FUNDS',
  'WALLET_LIMIT_REACHED',
  'WALLET_REFUSED',
  'WALLET_UNAVAILABLE',
  'PRODUCER_NOT_TABLE_SERVICE',
  'PLAYER_SESSION_INVALID',
  'SESSION_TIME_LIMIT',
] as const;
export const betRejectionCodeSchema = z.enum(BET_REJECTION_CODES);
export type BetRejectionCode = z.infer<typeof betRejectionCodeSchema>;

/** Default wording of each rejection, for a client or report that has the code alone. */
export const BET_REJECTION_MESSAGES: Readonly<Record<BetRejectionCode, string>> = {
  ROUND_UNKNOWN: 'the round is not open at the ledger',
  LATE_BET: 'betting on the round is closed',
  ROUND_NOT_IN_PLAY: 'the round is not in play',
  GAME_MISMATCH: 'the bet is for another game',
  CURRENCY_MISMATCH: 'the table does not take this currency (its own, or one its settings list)',
  INVALID_BET: 'the bet is not valid',
  BET_NOT_OFFERED: 'the bet is not offered at this table',
  BELOW_TABLE_MIN: 'the stake is below the table minimum',
  ABOVE_TABLE_MAX: 'the stake is above the table maximum',
  BELOW_PERSONAL_LIMIT: 'the stake is below your personal minimum',
  ABOVE_PERSONAL_LIMIT: 'the stake is above your personal maximum',
  WAGER_LIMIT_REACHED: 'the stake would take you over your wager limit for the period',
  LOSS_LIMIT_REACHED: 'the stake could take you over your loss limit for the period',
  COOLING_OFF: 'you are taking a break from play until it ends',
  TABLE_TOTAL_EXCEEDED: "the table's total on this bet would exceed its maximum",
  SIDE_BET_CUTOFF: 'this side bet is closed for the rest of the shoe',
  OPPOSING_BETS: 'opposing bets in the same round are not allowed',
  MAX_DIFFERENCE_EXCEEDED: "the table's Player−Banker difference would exceed its maximum",
  COVERAGE_EXCEEDED: 'your bets would cover too many numbers',
  BONUS_FUNDS_NOT_ALLOWED: 'bonus funds may not be wagered',
  NO_MAIN_BET: 'the seat holds no main bet of yours',
  SEAT_TAKEN: 'the seat is held by another player',
  INVALID_ADDITIONAL_STAKE: 'the stake does not fit the hand',
  INSUFFICIENT_FUNDS: 'the balance does not cover the stake',
  BALANCE_CEILING_EXCEEDED: 'a win on this bet could take your balance above the most a wallet may hold',
  WALLET_UNKNOWN: 'no wallet in this currency',
  ROUND_QUARANTINED: "an event of the round could not be applied and awaits the back office's review",
  PLAYER_QUARANTINED: "one of your earlier commands could not be applied and awaits the back office's review",
  WALLET_INSUFFICIENT_FUNDS: "the operator's wallet does not cover the stake",
  WALLET_LIMIT_REACHED: "the operator's wallet refused the stake: a limit is reached",
  WALLET_REFUSED: "the operator's wallet refused the stake (player blocked or unknown there, other currency)",
  WALLET_UNAVAILABLE: "the operator's wallet did not answer for sure: the stake was not taken",
  PRODUCER_NOT_TABLE_SERVICE: "the command came from another game's service than the table's",
  PLAYER_SESSION_INVALID: 'the command carries no valid, unrevoked launch session of its player',
  SESSION_TIME_LIMIT: 'you have reached the session-time limit you set',
};

/** The bet was not taken; nothing was debited. causationId = the command's id. */
export const BetRejected = defineEvent('BetRejected', 1, TOPICS.betDecisions, 'tableId', {
  ...betIds,
  commandId: idSchema,
  stake: stakeSchema,
  bet: betSpecSchema,
  code: betRejectionCodeSchema,
  message: z.string().max(500),
});
