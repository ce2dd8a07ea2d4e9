import { BaccaratBetType } from './bet-types';
import { BaccaratTableRules } from './table-rules';

export interface TableBet {
  type: BaccaratBetType;
  stake: bigint;
}

/** Total on Player minus total on Banker over all bets of the table (signed; Tie and side bets do not count). */
export function playerBankerDifference(bets: readonly TableBet[]): bigint {
  let difference = 0n;
  for (const bet of bets) {
    if (bet.type === 'player') difference += bet.stake;
    else if (bet.type === 'banker') difference -= bet.stake;
  }
  return difference;
}

export type TableLimitCode = 'MAX_DIFFERENCE_EXCEEDED' | 'TABLE_MAX_EXCEEDED';

/**
 * Whether the table's bets (including a proposed one) break a table-wide limit: the Player−Banker difference, or
 * the table total on Tie or a side bet above that type's maximum. Pure helper for the ledger, which owns the
 * decision and its concurrency; null when the bets are within the limits.
 */
export function tableLimitProblem(
  rules: BaccaratTableRules,
  bets: readonly TableBet[],
): { code: TableLimitCode; message: string } | null {
  const difference = playerBankerDifference(bets);
  const absolute = difference < 0n ? -difference : difference;
  if (absolute > rules.maxPlayerBankerDifference) {
    return {
      code: 'MAX_DIFFERENCE_EXCEEDED',
      message: `Player−Banker difference ${absolute} exceeds the table maximum ${rules.maxPlayerBankerDifference}`,
    };
  }
  const totals = new Map<BaccaratBetType, bigint>();
  for (const bet of bets) {
    if (bet.type !== 'player' && bet.type !== 'banker')
      totals.set(bet.type, (totals.get(bet.type) ?? 0n) + bet.stake);
  }
  for (const [type, total] of totals) {
    const max = rules.limits[type]?.max;
    if (max !== undefined && total > max) {
      return {
        code: 'TABLE_MAX_EXCEEDED',
        message: `table total on ${type} ${total} exceeds the maximum ${max}`,
      };
    }
  }
  return null;
}
