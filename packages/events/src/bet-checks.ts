import { AdditionalStakeCode } from '@casino/blackjack';
import type { BetRejectionCode } from './bet-events';
import type { BetLimit } from './table-config';

/** A limit a player set for themselves (or had set) at one game: per limit key, or '*' for every key. */
export interface PersonalBetLimit {
  game: string;
  key: string;
  min: bigint;
  max: bigint;
}

export type BetLimitCode = Extract<
  BetRejectionCode,
  'BET_NOT_OFFERED' | 'BELOW_TABLE_MIN' | 'ABOVE_TABLE_MAX' | 'BELOW_PERSONAL_LIMIT' | 'ABOVE_PERSONAL_LIMIT'
>;

export interface BetLimitProblem {
  code: BetLimitCode;
  message: string;
}

/** The player's own limit for a key: one set for that key wins over one set for the whole game. */
export function personalLimitFor(
  limits: readonly PersonalBetLimit[],
  game: string,
  key: string,
): PersonalBetLimit | undefined {
  return (
    limits.find((l) => l.game === game && l.key === key) ??
    limits.find((l) => l.game === game && l.key === '*')
  );
}

/**
 * A stake against the table's limit for its key (see `betLimitKey`), the same for every game. A personal limit
 * can only narrow the table's: the stake must lie in both ranges (their intersection), and a key without a table
 * limit is not offered. When both bounds refuse, the tighter one names the problem (a personal maximum above the
 * table's maximum never allows a larger bet: ABOVE_TABLE_MAX).
 */
export function betLimitProblem(
  tableLimits: Readonly<Record<string, BetLimit | undefined>>,
  key: string,
  stake: bigint,
  personal?: Pick<PersonalBetLimit, 'min' | 'max'>,
): BetLimitProblem | null {
  const limit = tableLimits[key];
  if (!limit) return notOffered(key);
  if (personal && stake < personal.min && personal.min > limit.min)
    return problem('BELOW_PERSONAL_LIMIT', `${key} personal minimum is ${personal.min}`);
  if (stake < limit.min) return problem('BELOW_TABLE_MIN', `${key} minimum is ${limit.min}, got ${stake}`);
  if (personal && stake > personal.max && personal.max < limit.max)
    return problem('ABOVE_PERSONAL_LIMIT', `${key} personal maximum is ${personal.max}`);
  if (stake > limit.max) return problem('ABOVE_TABLE_MAX', `${key} maximum is ${limit.max}, got ${stake}`);
  return null;
}

/** How a bet rejection names what @casino/blackjack found wrong with a split, double or insurance stake. */
export function additionalStakeRejectionCode(
  code: AdditionalStakeCode,
): Extract<BetRejectionCode, 'NO_MAIN_BET' | 'INVALID_ADDITIONAL_STAKE'> {
  return code === 'NO_MAIN_BET' ? 'NO_MAIN_BET' : 'INVALID_ADDITIONAL_STAKE';
}

const notOffered = (key: string) => problem('BET_NOT_OFFERED', `${key} is not offered at this table`);

function problem(code: BetLimitCode, message: string): BetLimitProblem {
  return { code, message };
}
