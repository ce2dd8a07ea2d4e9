/**
 * The cross-game betting restrictions of docs/rules/restrictions.md as data. Bets are described by their game and
 * limit key, so a game's restrictions are rules in its definition, not code in the ledger.
 */
export type RestrictionCode =
  | 'OPPOSING_BETS'
  | 'MAX_DIFFERENCE_EXCEEDED'
  | 'COVERAGE_EXCEEDED'
  | 'TABLE_TOTAL_EXCEEDED'
  | 'BONUS_FUNDS_NOT_ALLOWED';

interface RuleBase {
  id: string;
  /** The game's id (a platform game's definition id, or a game still to come: docs/rules/restrictions.md). */
  game: string;
  description: string;
}

/** A player may not hold bets on both keys in one round. */
export interface ExclusiveBetsRule extends RuleBase {
  kind: 'exclusive';
  scope: 'player-round';
  keys: readonly [string, string];
}

/** |table total on a − table total on b| may not exceed the table's `maxDifference` (when it sets one). */
export interface MaxDifferenceRule extends RuleBase {
  kind: 'max-difference';
  scope: 'table-round';
  keys: readonly [string, string];
}

/** A player's bets in one round may cover at most `maxNumbers` distinct numbers. */
export interface MaxCoverageRule extends RuleBase {
  kind: 'max-coverage';
  scope: 'player-round';
  maxNumbers: number;
}

/** The table's total per limit key in one round may not exceed the table's `tableMax[key]` (when set). */
export interface TableTotalRule extends RuleBase {
  kind: 'table-total';
  scope: 'table-round';
}

/** Bonus funds may not be wagered (the ledger's wallets hold cash only, so this always passes today). */
export interface NoBonusFundsRule extends RuleBase {
  kind: 'no-bonus-funds';
  scope: 'player';
}

export type RestrictionRule =
  ExclusiveBetsRule | MaxDifferenceRule | MaxCoverageRule | TableTotalRule | NoBonusFundsRule;

export const RULE_CODES: Readonly<Record<RestrictionRule['kind'], RestrictionCode>> = {
  exclusive: 'OPPOSING_BETS',
  'max-difference': 'MAX_DIFFERENCE_EXCEEDED',
  'max-coverage': 'COVERAGE_EXCEEDED',
  'table-total': 'TABLE_TOTAL_EXCEEDED',
  'no-bonus-funds': 'BONUS_FUNDS_NOT_ALLOWED',
};
