import { GAME_RESTRICTION_RULES } from '@casino/games';
import { RestrictionRule } from '@casino/game-kit';

// The rule types are the game kit's: each platform game's definition carries its own rules.
export type {
  ExclusiveBetsRule,
  MaxCoverageRule,
  MaxDifferenceRule,
  NoBonusFundsRule,
  RestrictionCode,
  RestrictionRule,
  TableTotalRule,
} from '@casino/game-kit';
export { RULE_CODES } from '@casino/game-kit';

/**
 * The cross-game betting restrictions of docs/rules/restrictions.md as data: one rule set, applied by the ledger
 * to every bet of every game. Bets are described by their game and limit key (baccarat bet type, roulette bet
 * type, ...), so a game brings its rules in its definition (@casino/games), not code in the ledger: every rule of
 * seed 001 §5 is now a platform game's.
 */
export const RESTRICTION_RULES: readonly RestrictionRule[] = GAME_RESTRICTION_RULES;

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
