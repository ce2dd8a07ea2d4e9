import { Ratio } from './settlement';

// Exact non-negative fractions over bigint: payouts such as Fan Tan's 2.85:1 and exact returns by enumeration.

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a < 0n ? -a : a;
}

/** num/den reduced, with a positive denominator. */
export function ratio(num: bigint, den: bigint = 1n): Ratio {
  if (den === 0n) throw new RangeError('zero denominator');
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

export function ratioAdd(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function ratioSub(a: Ratio, b: Ratio): Ratio {
  return ratio(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function ratioEquals(a: Ratio, b: Ratio): boolean {
  const x = ratio(a.num, a.den);
  const y = ratio(b.num, b.den);
  return x.num === y.num && x.den === y.den;
}

/** ⌊amount × r⌋: the whole minor units of a fraction of an amount (what is left over is the house's). */
export function floorTimes(amount: bigint, r: Ratio): bigint {
  if (amount < 0n || r.num < 0n || r.den <= 0n) throw new RangeError('floorTimes takes non-negative values');
  return (amount * r.num) / r.den;
}

export function ratioToNumber(r: Ratio): number {
  return Number(r.num) / Number(r.den);
}

/** `7/8`, or `3` for a whole number. */
export function ratioText(r: Ratio): string {
  const x = ratio(r.num, r.den);
  return x.den === 1n ? `${x.num}` : `${x.num}/${x.den}`;
}
