import type { RouletteBet, RouletteBetType } from './bet';
import { RouletteError } from './errors';
import { betMask } from './mask';
import { PAYOUT_RATIO } from './winning';

export interface RouletteSettlement {
  result: 'win' | 'lose';
  /** What goes back to the player: stake + win on a win, 0 on a loss. */
  returned: bigint;
  /** Net winnings: stake × payout on a win, 0 on a loss. */
  win: bigint;
}

/** A validated bet prepared for repeated settlement: its winning pockets as a 37-bit mask and its payout. */
export interface CompiledBet {
  readonly type: RouletteBetType;
  readonly lo: number;
  readonly hi: number;
  readonly ratio: bigint;
}

const BIG_RATIO = Object.fromEntries(
  Object.entries(PAYOUT_RATIO).map(([type, ratio]) => [type, BigInt(ratio)]),
) as Record<RouletteBetType, bigint>;

export function compileBet(bet: RouletteBet): CompiledBet {
  const mask = betMask(bet);
  return { type: bet.type, lo: mask.lo, hi: mask.hi, ratio: BIG_RATIO[bet.type] };
}

function checkInputs(stake: bigint, pocket: number): void {
  if (typeof stake !== 'bigint' || stake <= 0n) {
    throw new RouletteError('INVALID_STAKE', `stake must be a positive bigint, got ${String(stake)}`);
  }
  if (!(pocket >= 0 && pocket <= 36 && Number.isInteger(pocket))) {
    throw new RouletteError('INVALID_POCKET', `not a pocket 0..36: ${String(pocket)}`);
  }
}

function settleMask(
  lo: number,
  hi: number,
  ratio: bigint,
  stake: bigint,
  pocket: number,
): RouletteSettlement {
  const hit = pocket < 32 ? (lo >>> pocket) & 1 : (hi >>> (pocket - 32)) & 1;
  if (hit === 0) return { result: 'lose', returned: 0n, win: 0n };
  const win = stake * ratio;
  return { result: 'win', returned: stake + win, win };
}

/**
 * Settles a validated bet against the winning pocket. Outside bets lose on 0 because 0 is in none of their masks.
 * Throws RouletteError on a non-positive stake or a pocket outside 0..36.
 */
export function settleBet(bet: RouletteBet, stake: bigint, pocket: number): RouletteSettlement {
  checkInputs(stake, pocket);
  const mask = betMask(bet);
  return settleMask(mask.lo, mask.hi, BIG_RATIO[bet.type], stake, pocket);
}

/** Same as `settleBet` for a bet compiled once with `compileBet` (the hot path for many spins). */
export function settleCompiledBet(bet: CompiledBet, stake: bigint, pocket: number): RouletteSettlement {
  checkInputs(stake, pocket);
  return settleMask(bet.lo, bet.hi, bet.ratio, stake, pocket);
}
