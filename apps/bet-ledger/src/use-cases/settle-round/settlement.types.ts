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

export type RoundSettlement =
  { ok: true; items: SettledItem[] } | { ok: false; code: SettlementErrorCode; message: string };

export const outcomeOf = (stake: bigint, returned: bigint): SettledItem['outcome'] =>
  returned > stake ? 'win' : returned === stake ? 'push' : 'lose';
