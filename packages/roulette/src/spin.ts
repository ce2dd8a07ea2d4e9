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

const DEFAULT_MIN_REVOLUTIONS = 6;
const DEFAULT_MAX_REVOLUTIONS = 14;

/**
 * One automatic-dealer spin. Draw order is fixed for replays: the pocket first (uniform over 0..36), then the
 * revolution count (uniform over min..max). The pocket of a spin that turns out invalid is discarded.
 */
export function spin(random: RandomSource, opts: SpinOptions = {}): SpinOutcome {
  const min = opts.minRevolutions ?? DEFAULT_MIN_REVOLUTIONS;
  const max = opts.maxRevolutions ?? DEFAULT_MAX_REVOLUTIONS;
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
