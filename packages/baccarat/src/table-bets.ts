import { BaccaratTableRules } from './table-rules';

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
