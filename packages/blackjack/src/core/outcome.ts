import { BlackjackRules } from './rules';

/** A hand's result against the dealer. */
export type HandResult = 'blackjack' | 'win' | 'push' | 'lose';

/** The facts settlement needs about a finished hand or dealer. */
export interface SettledTotals {
  total: number;
  blackjack: boolean;
}

export const RESULT_BLACKJACK = 0;
export const RESULT_WIN = 1;
export const RESULT_PUSH = 2;
export const RESULT_LOSE = 3;
export const HAND_RESULTS: readonly HandResult[] = ['blackjack', 'win', 'push', 'lose'];

/**
 * Compares a player hand with the dealer (numeric form for the simulator). A bust hand loses even if the
 * dealer busts; dealer blackjack beats every hand but a player blackjack (which pushes); a player blackjack
 * beats any other dealer hand.
 */
export function handResultCode(
  playerTotal: number,
  playerBlackjack: boolean,
  dealerTotal: number,
  dealerBlackjack: boolean,
): number {
  if (playerTotal > 21) return RESULT_LOSE;
  if (dealerBlackjack) return playerBlackjack ? RESULT_PUSH : RESULT_LOSE;
  if (playerBlackjack) return RESULT_BLACKJACK;
  if (dealerTotal > 21 || playerTotal > dealerTotal) return RESULT_WIN;
  return playerTotal === dealerTotal ? RESULT_PUSH : RESULT_LOSE;
}

export function handResult(player: SettledTotals, dealer: SettledTotals): HandResult {
  return HAND_RESULTS[handResultCode(player.total, player.blackjack, dealer.total, dealer.blackjack)];
}

/**
 * Amount returned for a stake on a hand with this result, in minor units: stake + win, the stake on a push,
 * 0 on a loss. A blackjack win of `stake × num / den` is rounded DOWN to the minor unit (e.g. 3:2 on 5 → 7).
 */
export function returnedForHand(
  result: HandResult,
  stake: bigint,
  rules: Pick<BlackjackRules, 'blackjackPays'>,
): bigint {
  switch (result) {
    case 'blackjack':
      return stake + (stake * rules.blackjackPays.num) / rules.blackjackPays.den;
    case 'win':
      return stake * 2n;
    case 'push':
      return stake;
    case 'lose':
      return 0n;
  }
}

/** Insurance pays 2:1 when the dealer has blackjack. */
export function returnedForInsurance(dealerBlackjack: boolean, stake: bigint): bigint {
  return dealerBlackjack ? stake * 3n : 0n;
}

/** Insurance costs half the original stake, rounded down to the minor unit. */
export function insuranceStakeFor(originalStake: bigint): bigint {
  return originalStake / 2n;
}

/**
 * Net win per unit staked by result code (simulations): blackjack num/den, win 1, push 0, lose −1.
 * Floating point is fine here: only statistics use it, never money.
 */
export function netUnitsByResult(rules: Pick<BlackjackRules, 'blackjackPays'>): Float64Array {
  const { num, den } = rules.blackjackPays;
  return Float64Array.from([Number(num) / Number(den), 1, 0, -1]);
}
