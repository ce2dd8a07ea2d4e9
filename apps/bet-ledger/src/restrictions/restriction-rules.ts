import { MAX_COVERED_NUMBERS } from '@casino/roulette';

/**
 * The cross-game betting restrictions of docs/rules/restrictions.md as data: one rule set, owned by the
 * ledger, applied to every bet of every game. Bets are described by their game and limit key (baccarat bet type,
 * roulette bet type, ...), so a new game needs rules here, not code in the ledger. Sic Bo, Dragon Tiger, Football
 * Studio and Fan Tan are not platform games yet; their rules are ready for them.
 */
export type RuleGame =
  'baccarat' | 'roulette' | 'blackjack' | 'sicBo' | 'dragonTiger' | 'footballStudio' | 'fanTan';

export type RestrictionCode =
  | 'OPPOSING_BETS'
  | 'MAX_DIFFERENCE_EXCEEDED'
  | 'COVERAGE_EXCEEDED'
  | 'TABLE_TOTAL_EXCEEDED'
  | 'BONUS_FUNDS_NOT_ALLOWED';

interface RuleBase {
  id: string;
  game: RuleGame;
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

export const RESTRICTION_RULES: readonly RestrictionRule[] = [
  {
    id: 'roulette-coverage',
    game: 'roulette',
    kind: 'max-coverage',
    scope: 'player-round',
    maxNumbers: MAX_COVERED_NUMBERS,
    description: "a player's bets may not cover more than 92% of the numbers (34 of 37)",
  },
  {
    id: 'baccarat-player-banker',
    game: 'baccarat',
    kind: 'exclusive',
    scope: 'player-round',
    keys: ['player', 'banker'],
    description: 'no bets on both Player and Banker in the same round',
  },
  {
    id: 'baccarat-max-difference',
    game: 'baccarat',
    kind: 'max-difference',
    scope: 'table-round',
    keys: ['player', 'banker'],
    description: "|total on Player − total on Banker| may not exceed the table's maximum difference",
  },
  {
    id: 'baccarat-table-total',
    game: 'baccarat',
    kind: 'table-total',
    scope: 'table-round',
    description: 'tie and side bets: their maximum applies to the table as a whole',
  },
  {
    id: 'sicbo-big-small',
    game: 'sicBo',
    kind: 'exclusive',
    scope: 'player-round',
    keys: ['big', 'small'],
    description: 'no Big and Small together',
  },
  {
    id: 'sicbo-odd-even',
    game: 'sicBo',
    kind: 'exclusive',
    scope: 'player-round',
    keys: ['odd', 'even'],
    description: 'no Odd and Even together',
  },
  {
    id: 'dragon-tiger',
    game: 'dragonTiger',
    kind: 'exclusive',
    scope: 'player-round',
    keys: ['dragon', 'tiger'],
    description: 'no Dragon and Tiger together',
  },
  {
    id: 'football-studio-home-away',
    game: 'footballStudio',
    kind: 'exclusive',
    scope: 'player-round',
    keys: ['home', 'away'],
    description: 'no Home and Away together',
  },
  {
    id: 'fan-tan-bonus',
    game: 'fanTan',
    kind: 'no-bonus-funds',
    scope: 'player',
    description: 'bonus funds may not be wagered',
  },
];

export function rulesForGame(
  game: string,
  rules: readonly RestrictionRule[] = RESTRICTION_RULES,
): RestrictionRule[] {
  return rules.filter((r) => r.game === game);
}

const RULES_BY_GAME = new Map<string, RestrictionRule[]>();

/** The platform's rules for one game (computed once per game). */
export function gameRestrictions(game: string): readonly RestrictionRule[] {
  let rules = RULES_BY_GAME.get(game);
  if (!rules) RULES_BY_GAME.set(game, (rules = rulesForGame(game, RESTRICTION_RULES)));
  return rules;
}
