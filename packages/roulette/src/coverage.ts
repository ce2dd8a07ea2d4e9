import type { RouletteBet } from './bet';
import { betMask, EMPTY_MASK, maskCount, maskNumbers, maskUnion, type PocketMask } from './mask';
import { POCKET_COUNT } from './wheel';

/**
 * Most distinct numbers one player's bets may cover in one spin: 92% of 37 is 34.04, so 34 (91.9%) is allowed
 * and 35 (94.6%) is not. The bet ledger enforces it with `coverageProblem`, over the numbers its bets win on.
 */
export const MAX_COVERED_NUMBERS = 34;

export interface CoverageProblem {
  code: 'COVERAGE_EXCEEDED';
  /** Distinct numbers the bets would cover together. */
  covered: number;
  message: string;
}

/**
 * Whether a player's new bet (its winning numbers) would take their bets of the spin over the coverage limit.
 * `maxNumbers` is for tests and other wheels; a table uses the default.
 */
export function coverageProblem(
  alreadyCovered: Iterable<number>,
  newNumbers: Iterable<number>,
  maxNumbers: number = MAX_COVERED_NUMBERS,
): CoverageProblem | null {
  const covered = new Set<number>(newNumbers);
  for (const n of alreadyCovered) covered.add(n);
  return covered.size > maxNumbers
    ? {
        code: 'COVERAGE_EXCEEDED',
        covered: covered.size,
        message: `bets would cover ${covered.size} numbers, at most ${maxNumbers} allowed`,
      }
    : null;
}

export interface Coverage {
  /** Distinct pockets on which at least one of the bets wins, ascending. */
  numbers: number[];
  count: number;
  /** count / 37, for display only. */
  fraction: number;
}

function coverageMask(bets: readonly RouletteBet[]): PocketMask {
  let mask = EMPTY_MASK;
  for (const bet of bets) mask = maskUnion(mask, betMask(bet));
  return mask;
}

export function coverage(bets: readonly RouletteBet[]): Coverage {
  const mask = coverageMask(bets);
  const count = maskCount(mask);
  return { numbers: maskNumbers(mask), count, fraction: count / POCKET_COUNT };
}

/**
 * Whether adding `next` (one bet, or the basic bets of an announced bet) to a player's accepted bets would cover
 * more than MAX_COVERED_NUMBERS.
 */
export function wouldExceedCoverage(
  existing: readonly RouletteBet[],
  next: RouletteBet | readonly RouletteBet[],
): boolean {
  const added = Array.isArray(next) ? (next as readonly RouletteBet[]) : [next as RouletteBet];
  return coverageProblem(maskNumbers(coverageMask(existing)), maskNumbers(coverageMask(added))) !== null;
}
