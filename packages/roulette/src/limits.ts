import { stakeRangeProblem } from '@casino/game-kit';
import { ROULETTE_BET_TYPES, type RouletteBetType } from './bet';
import { ROULETTE_ERROR_MESSAGES, type RouletteStakeErrorCode } from './errors';

/** Minimum and maximum stake of one bet, in integer minor units. */
export interface StakeLimit {
  min: bigint;
  max: bigint;
}

/** Table minimum/maximum per bet type, shown on the table. */
export type RouletteTableLimits = Readonly<Record<RouletteBetType, StakeLimit>>;

export type StakeValidation = { ok: true } | { ok: false; code: RouletteStakeErrorCode; message: string };

/**
 * Example limits in minor units (1.00 minimum everywhere). Maxima follow the usual equal-exposure scheme: the
 * most a single bet can return is the same for every type (maximum × (payout + 1) = 3,600.00).
 */
export const DEFAULT_TABLE_LIMITS: RouletteTableLimits = Object.freeze({
  straight: { min: 100n, max: 10_000n },
  split: { min: 100n, max: 20_000n },
  street: { min: 100n, max: 30_000n },
  corner: { min: 100n, max: 40_000n },
  sixLine: { min: 100n, max: 60_000n },
  column: { min: 100n, max: 120_000n },
  dozen: { min: 100n, max: 120_000n },
  red: { min: 100n, max: 180_000n },
  black: { min: 100n, max: 180_000n },
  odd: { min: 100n, max: 180_000n },
  even: { min: 100n, max: 180_000n },
  low: { min: 100n, max: 180_000n },
  high: { min: 100n, max: 180_000n },
});

/** The same minimum and maximum for every bet type. */
export function uniformTableLimits(min: bigint, max: bigint): RouletteTableLimits {
  return Object.freeze(
    Object.fromEntries(ROULETTE_BET_TYPES.map((type) => [type, { min, max }])) as Record<
      RouletteBetType,
      StakeLimit
    >,
  );
}

/** Table limits are usable when every bet type has 0 < min ≤ max. */
export function validateTableLimits(limits: RouletteTableLimits): StakeValidation {
  for (const type of ROULETTE_BET_TYPES) {
    const limit = limits[type];
    if (!limit || typeof limit.min !== 'bigint' || typeof limit.max !== 'bigint') {
      return { ok: false, code: 'INVALID_LIMITS', message: `no limits for ${type}` };
    }
    if (limit.min <= 0n || limit.max < limit.min) {
      return { ok: false, code: 'INVALID_LIMITS', message: `${type} limits need 0 < min <= max` };
    }
  }
  return { ok: true };
}

export function validateStake(
  limits: RouletteTableLimits,
  type: RouletteBetType,
  stake: unknown,
): StakeValidation {
  if (typeof stake !== 'bigint' || stake <= 0n) {
    return {
      ok: false,
      code: 'INVALID_STAKE',
      message: ROULETTE_ERROR_MESSAGES.INVALID_STAKE,
    };
  }
  const limit = limits[type];
  const range = stakeRangeProblem(stake, limit);
  if (range === 'BELOW_MIN') {
    return {
      ok: false,
      code: 'BELOW_MIN',
      message: `${type} stake ${stake} is below the table minimum ${limit.min}`,
    };
  }
  if (range === 'ABOVE_MAX') {
    return {
      ok: false,
      code: 'ABOVE_MAX',
      message: `${type} stake ${stake} is above the table maximum ${limit.max}`,
    };
  }
  return { ok: true };
}
