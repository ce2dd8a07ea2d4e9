import { BetSpec } from '@casino/events';
import { SettledItem } from '../../rounds/round-book';

/** An accepted bet to settle. */
export interface BetToSettle {
  betId: string;
  playerId: string;
  stake: bigint;
  spec: BetSpec;
}

export type SettlementErrorCode = 'INVALID_RESULT' | 'RESULT_MISMATCH' | 'NO_SPIN';

/** Why a round's result was refused (the round is then disputed and pays nothing). */
export const SETTLEMENT_ERROR_MESSAGES: Readonly<Record<SettlementErrorCode, string>> = {
  INVALID_RESULT: 'the cards or pocket are not a valid result for the game',
  RESULT_MISMATCH: 'the result does not match the bets the ledger accepted',
  NO_SPIN: 'the ball made too few revolutions: the spin is repeated',
};

export type RoundSettlement =
  { ok: true; items: SettledItem[] } | { ok: false; code: SettlementErrorCode; message: string };

export const outcomeOf = (stake: bigint, returned: bigint): SettledItem['outcome'] =>
  returned > stake ? 'win' : returned === stake ? 'push' : 'lose';
