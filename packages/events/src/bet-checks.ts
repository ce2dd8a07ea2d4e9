import { AdditionalStakeCode } from '@casino/blackjack';
import { stakeRangeProblem } from '@casino/game-kit';
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
 * table's maximum never allows a larger bet: ABOVE_TABLE_MAX). A VIP maximum (`vipMaxFor`, already bounded by the
 * table's ceiling) replaces the table's maximum when it is higher; the personal limit still narrows it.
 */
export function betLimitProblem(
  tableLimits: Readonly<Record<string, BetLimit | undefined>>,
  key: string,
  stake: bigint,
  personal?: Pick<PersonalBetLimit, 'min' | 'max'>,
  vipMax?: bigint,
): BetLimitProblem | null {
  const limit = tableLimits[key];
  if (!limit) return notOffered(key);
  const raised = vipMax !== undefined && vipMax > limit.max;
  const max = raised ? vipMax : limit.max;
  if (personal && stake < personal.min && personal.min > limit.min)
    return problem('BELOW_PERSONAL_LIMIT', `${key} personal minimum is ${personal.min}`);
  const range = stakeRangeProblem(stake, { min: limit.min, max });
  if (range === 'BELOW_MIN')
    return problem('BELOW_TABLE_MIN', `${key} minimum is ${limit.min}, got ${stake}`);
  if (personal && stake > personal.max && personal.max < max)
    return problem('ABOVE_PERSONAL_LIMIT', `${key} personal maximum is ${personal.max}`);
  if (range === 'ABOVE_MAX')
    return raised
      ? problem('ABOVE_PERSONAL_LIMIT', `${key} VIP maximum at this table is ${max}, got ${stake}`)
      : problem('ABOVE_TABLE_MAX', `${key} maximum is ${limit.max}, got ${stake}`);
  return null;
}

/**
 * The maximum a player's operator-granted VIP limits give a bet key at one table (docs/rules/restrictions.md#vip-limits):
 * the grant for the key (or for every key, '*'), never above the table's VIP ceiling for the key. Undefined when
 * the player has no grant or the table has no ceiling for the key: the table's own maximum applies.
 */
export function vipMaxFor(
  grants: readonly Pick<PersonalBetLimit, 'game' | 'key' | 'max'>[],
  game: string,
  key: string,
  tableVipMax: Readonly<Record<string, bigint>> | undefined,
): bigint | undefined {
  const ceiling = tableVipMax?.[key];
  if (ceiling === undefined) return undefined;
  const grant =
    grants.find((g) => g.game === game && g.key === key) ??
    grants.find((g) => g.game === game && g.key === '*');
  if (!grant) return undefined;
  return grant.max < ceiling ? grant.max : ceiling;
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
