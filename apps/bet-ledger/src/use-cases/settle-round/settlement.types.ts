import { BetSpec } from '@casino/events';
import { BetToSettle as GameBetToSettle, SettlementErrorCode } from '@casino/game-kit';

// A game's definition settles a round (@casino/game-kit's settlement types); the ledger adds the messages.
export type { RoundSettlement, SettlementErrorCode } from '@casino/game-kit';

/** An accepted bet to settle. */
export type BetToSettle = GameBetToSettle<BetSpec>;

/** Why a round's result was refused (the round is then disputed and pays nothing). */
export const SETTLEMENT_ERROR_MESSAGES: Readonly<Record<SettlementErrorCode, string>> = {
  INVALID_RESULT: 'the cards or pocket are not a valid result for the game',
  RESULT_MISMATCH: 'the result does not match the bets the ledger accepted',
  NO_SPIN: 'the ball made too few revolutions: the spin is repeated',
};
