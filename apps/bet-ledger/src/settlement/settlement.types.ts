import { BetSpec } from '@casino/events';

/** An accepted bet to settle. */
export interface BetToSettle {
  betId: string;
  playerId: string;
  stake: bigint;
  spec: BetSpec;
}

export interface SettledItem {
  betId: string;
  /** Paid back, stake included. */
  returned: bigint;
  outcome: 'win' | 'lose' | 'push' | 'refund';
}

export type SettlementErrorCode = 'INVALID_RESULT' | 'RESULT_MISMATCH' | 'NO_SPIN';

export type RoundSettlement =
  { ok: true; items: SettledItem[] } | { ok: false; code: SettlementErrorCode; message: string };

export const outcomeOf = (stake: bigint, returned: bigint): SettledItem['outcome'] =>
  returned > stake ? 'win' : returned === stake ? 'push' : 'lose';
