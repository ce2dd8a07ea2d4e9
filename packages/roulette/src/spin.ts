import { randomInt, type RandomSource } from '@casino/cards';
import { RouletteError } from './errors';
import { POCKET_COUNT } from './wheel';

/** The ball must complete at least this many revolutions; fewer is a no-spin, repeated with the same bets. */
export const MIN_VALID_REVOLUTIONS = 3;

export interface SpinOptions {
  /** Fewest ball revolutions the automatic dealer produces (default 6). Values below 3 allow no-spins. */
  minRevolutions?: number;
  /** Most ball revolutions (default 14). */
  maxRevolutions?: number;
}

export interface SpinOutcome {
  pocket: number;
  revolutions: number;
}

/** The automatic dealer's range when a table sets none. */
export const DEFAULT_SPIN_REVOLUTIONS: Readonly<{ min: number; max: number }> = Object.freeze({
  min: 6,
  max: 14,
});

/**
 * One automatic-dealer spin. Draw order is fixed for replays: the pocket first (uniform over 0..36), then the
 * revolution count (uniform over min..max). The pocket of a spin that turns out invalid is discarded.
 */
export function spin(random: RandomSource, opts: SpinOptions = {}): SpinOutcome {
  const min = opts.minRevolutions ?? DEFAULT_SPIN_REVOLUTIONS.min;
  const max = opts.maxRevolutions ?? DEFAULT_SPIN_REVOLUTIONS.max;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || max < min) {
    throw new RouletteError(
      'INVALID_SPIN_OPTIONS',
      `revolutions need integers 0 <= min <= max, got ${min}..${max}`,
    );
  }
  const pocket = randomInt(random, POCKET_COUNT);
  const revolutions = min + randomInt(random, max - min + 1);
  return { pocket, revolutions };
}

export function isValidSpin(outcome: { revolutions: number }): boolean {
  return Number.isInteger(outcome.revolutions) && outcome.revolutions >= MIN_VALID_REVOLUTIONS;
}

/** Why a spin does not count (the ledger settles nothing and the spin is repeated), or null when it counts. */
export function spinProblem(outcome: { revolutions: number }): { code: 'NO_SPIN'; message: string } | null {
  return isValidSpin(outcome)
    ? null
    : { code: 'NO_SPIN', message: `${outcome.revolutions} revolutions: a no-spin is repeated` };
}
