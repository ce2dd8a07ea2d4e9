/** An accepted bet to settle, as the ledger recorded it. */
export interface BetToSettle<Spec> {
  betId: string;
  playerId: string;
  stake: bigint;
  spec: Spec;
}

/** How one bet ended. */
export interface SettledBet {
  betId: string;
  /** Paid back, stake included, in minor units. */
  returned: bigint;
  outcome: 'win' | 'lose' | 'push' | 'refund';
}

export type SettlementErrorCode = 'INVALID_RESULT' | 'RESULT_MISMATCH' | 'NO_SPIN';

/** Every bet of a round settled, or why the result was refused (the round is then disputed and pays nothing). */
export type RoundSettlement =
  { ok: true; items: SettledBet[] } | { ok: false; code: SettlementErrorCode; message: string };

export const outcomeOf = (stake: bigint, returned: bigint): SettledBet['outcome'] =>
  returned > stake ? 'win' : returned === stake ? 'push' : 'lose';

/** A return per unit staked, stake included: num/den. */
export interface Ratio {
  num: bigint;
  den: bigint;
}

/** A bet kind's exact return per unit staked and the variance of that return (per unit², a bet of stake 1). */
export interface BetMoments {
  rtp: number;
  variance: number;
}
