import { z } from 'zod';
import { playerTokenSchema } from './bet-events';
import { betSpecSchema } from './bet-specs';
import { defineEvent } from './envelope';
import { amountSchema, currencySchema, gameSchema, idSchema, stakeSchema } from './primitives';
import { GAME_TOPIC_FAMILIES, TOPICS } from './topics';

const cancelIds = {
  tableId: idSchema,
  roundId: idSchema,
  game: gameSchema,
  playerId: idSchema,
  operatorId: idSchema,
  /** The table's currency: names the wallet the stake goes back to. */
  currency: currencySchema,
};

/**
 * Which bet a cancel names: the ledger's bet id (from BetAccepted) or the id of the PlaceBet command that made it
 * (what a game service acknowledged to the player before the ledger decided).
 */
export const cancelTargetSchema = z.union([
  z.object({ betId: idSchema }).strict(),
  z.object({ betCommandId: idSchema }).strict(),
]);
export type CancelTarget = z.infer<typeof cancelTargetSchema>;

/**
 * A player withdraws one of their bets while the round's betting window is open. Its event id is the
 * idempotency key: the same command delivered twice refunds once.
 */
export const CancelBet = defineEvent('CancelBet', 1, GAME_TOPIC_FAMILIES.betCommands, 'playerId', {
  ...cancelIds,
  target: cancelTargetSchema,
  /** The player's launch token, as for PlaceBet. */
  playerToken: playerTokenSchema.optional(),
});

/** The ledger moved the stake back to the wallet; the bet no longer counts. causationId = the CancelBet id. */
export const BetCancelled = defineEvent('BetCancelled', 1, TOPICS.betDecisions, 'tableId', {
  ...cancelIds,
  /** The CancelBet command's id. */
  commandId: idSchema,
  betId: idSchema,
  /** The PlaceBet command that made the bet. */
  betCommandId: idSchema,
  /** The refunded stake. */
  stake: stakeSchema,
  bet: betSpecSchema,
  /** The player's wallet balance after the refund. */
  balance: amountSchema,
});

/** Why a cancel was refused. */
export const CANCEL_REJECTION_CODES = [
  /** No RoundOpened seen for the command's round. */
  'ROUND_UNKNOWN',
  /** No accepted bet with that id in that round (a rejected or never-made bet, or another round's). */
  'BET_UNKNOWN',
  /** The bet belongs to another player. */
  'NOT_YOUR_BET',
  /** Betting on the round is closed (or the round is finished). */
  'LATE_CANCEL',
  'ALREADY_CANCELLED',
  /** Blackjack's mid-round stakes (double, split, insurance) are never withdrawn. */
  'NOT_CANCELLABLE',
  'CURRENCY_MISMATCH',
  /** Withdrawing the bet would leave the table's Player−Banker difference above its maximum. */
  'MAX_DIFFERENCE_EXCEEDED',
  /** An event of the round was parked by the ledger (quarantine) and awaits the back office. */
  'ROUND_QUARANTINED',
  /** One of the player's earlier commands was parked by the ledger and awaits the back office. */
  'PLAYER_QUARANTINED',
  /** The command arrived on another game's topic than its table's: not from the table's service. */
  'PRODUCER_NOT_TABLE_SERVICE',
  /** The command carries no valid, unrevoked launch session of its player (playerToken). */
  'PLAYER_SESSION_INVALID',
] as const;
export const cancelRejectionCodeSchema = z.enum(CANCEL_REJECTION_CODES);
export type CancelRejectionCode = z.infer<typeof cancelRejectionCodeSchema>;

/** Default wording of each refused cancel, for a client or report that has the code alone. */
export const CANCEL_REJECTION_MESSAGES: Readonly<Record<CancelRejectionCode, string>> = {
  ROUND_UNKNOWN: 'the round is not known to the ledger',
  BET_UNKNOWN: 'no such accepted bet in this round',
  NOT_YOUR_BET: 'the bet belongs to another player',
  LATE_CANCEL: 'betting on the round is closed',
  ALREADY_CANCELLED: 'the bet is already cancelled',
  NOT_CANCELLABLE: 'stakes placed during the round cannot be withdrawn',
  CURRENCY_MISMATCH: "the bet's wallet is in another currency",
  MAX_DIFFERENCE_EXCEEDED:
    "withdrawing the bet would take the table's Player−Banker difference over its maximum",
  ROUND_QUARANTINED: "an event of the round could not be applied and awaits the back office's review",
  PLAYER_QUARANTINED: "one of your earlier commands could not be applied and awaits the back office's review",
  PRODUCER_NOT_TABLE_SERVICE: "the command came from another game's service than the table's",
  PLAYER_SESSION_INVALID: 'the command carries no valid, unrevoked launch session of its player',
};

/** The cancel was refused; nothing changed. causationId = the CancelBet id. */
export const BetCancelRejected = defineEvent('BetCancelRejected', 1, TOPICS.betDecisions, 'tableId', {
  ...cancelIds,
  commandId: idSchema,
  target: cancelTargetSchema,
  code: cancelRejectionCodeSchema,
  message: z.string().max(500),
});
