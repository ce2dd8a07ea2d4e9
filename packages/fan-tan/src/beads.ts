import { randomInt, type RandomSource } from '@casino/cards';
import { FanTanNumber } from './bet';

/** The bead counts a table accepts (its heap): both ends included. */
export interface BeadRange {
  min: number;
  max: number;
}

/** The largest heap a table may set (the console refuses larger counts anyway). */
export const MAX_BEADS = 10_000;

/** What is left when the beads are taken away four at a time: 1, 2, 3, or 4 for a count divisible by 4. */
export function resultOfCount(count: number): FanTanNumber {
  const left = count % 4;
  return (left === 0 ? 4 : left) as FanTanNumber;
}

/**
 * Why a table's bead range is refused, or null: whole counts 1 ≤ min ≤ max ≤ 10,000, and a whole number of fours
 * (max − min + 1 divisible by 4), so an automatic table's draw makes the four results equally likely.
 */
export function beadRangeProblem(range: BeadRange): string | null {
  const { min, max } = range;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min || max > MAX_BEADS) {
    return `the bead range needs whole counts 1 <= min <= max <= ${MAX_BEADS}, got ${min}..${max}`;
  }
  if ((max - min + 1) % 4 !== 0) {
    return `the bead range ${min}..${max} holds ${max - min + 1} counts: a multiple of 4 keeps the results equally likely`;
  }
  return null;
}

/** Why a bead count is not a result of this table (a whole count within its range), or null. */
export function beadCountProblem(count: unknown, range: BeadRange): string | null {
  if (!Number.isInteger(count)) return `a bead count is a whole number, got ${String(count)}`;
  const n = count as number;
  if (n < range.min || n > range.max) {
    return `a bead count at this table is from ${range.min} to ${range.max}, got ${n}`;
  }
  return null;
}

/** The dealer console's entry of a live table's bead count: the count and its result, or why it is refused. */
export function dealerBeadCount(
  input: unknown,
  range: BeadRange,
): { ok: true; count: number; result: FanTanNumber } | { ok: false; message: string } {
  const problem = beadCountProblem(input, range);
  if (problem) return { ok: false, message: problem };
  return { ok: true, count: input as number, result: resultOfCount(input as number) };
}

/** An automatic table's heap: a count uniform over the table's range, drawn from the source. */
export function drawBeadCount(random: RandomSource, range: BeadRange): number {
  const problem = beadRangeProblem(range);
  if (problem) throw new RangeError(problem);
  return range.min + randomInt(random, range.max - range.min + 1);
}
