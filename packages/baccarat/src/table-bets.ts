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

/**
 * Tie and side bets: their maximum applies to the table as a whole (docs/rules/restrictions.md#table-totals), so each offered
 * type but Player and Banker caps the table's total on it, keyed by bet type. The ledger enforces the caps.
 */
export function tableTotalMaxima(
  rules: Pick<BaccaratTableRules, 'betTypes' | 'limits'>,
): Record<string, bigint> {
  const maxima: Record<string, bigint> = {};
  for (const type of rules.betTypes) {
    const limit = rules.limits[type];
    if (limit && type !== 'player' && type !== 'banker') maxima[type] = limit.max;
  }
  return maxima;
}
