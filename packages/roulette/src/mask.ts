import type { RouletteBet } from './bet';
import { winningNumbers } from './winning';

/**
 * A set of pockets as a 37-bit mask split across two 32-bit words (JS bitwise ops are 32-bit):
 * `lo` holds pockets 0..31, `hi` pockets 32..36 as bits 0..4.
 */
export interface PocketMask {
  readonly lo: number;
  readonly hi: number;
}

export const EMPTY_MASK: PocketMask = { lo: 0, hi: 0 };

export function maskOf(numbers: readonly number[]): PocketMask {
  let lo = 0;
  let hi = 0;
  for (const n of numbers) {
    if (n < 32) lo |= 1 << n;
    else hi |= 1 << (n - 32);
  }
  return { lo: lo >>> 0, hi };
}

export function maskUnion(a: PocketMask, b: PocketMask): PocketMask {
  return { lo: (a.lo | b.lo) >>> 0, hi: a.hi | b.hi };
}

export function maskHas(mask: PocketMask, pocket: number): boolean {
  return pocket < 32 ? ((mask.lo >>> pocket) & 1) === 1 : ((mask.hi >>> (pocket - 32)) & 1) === 1;
}

function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

export function maskCount(mask: PocketMask): number {
  return popcount32(mask.lo) + popcount32(mask.hi);
}

export function maskNumbers(mask: PocketMask): number[] {
  const numbers: number[] = [];
  for (let n = 0; n <= 36; n++) if (maskHas(mask, n)) numbers.push(n);
  return numbers;
}

const BET_MASKS = new WeakMap<RouletteBet, PocketMask>();

/** The winning pockets of a validated bet as a mask, cached per bet object (bets are treated as immutable). */
export function betMask(bet: RouletteBet): PocketMask {
  let mask = BET_MASKS.get(bet);
  if (mask === undefined) {
    mask = maskOf(winningNumbers(bet));
    BET_MASKS.set(bet, mask);
  }
  return mask;
}
