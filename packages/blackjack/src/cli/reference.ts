import { BASIC_STRATEGY_ALLOWANCE, houseEdgeOf } from '../core/house-edge';
import { BlackjackRules } from '../core/rules';

/** What total-dependent basic strategy dealt to a cut card adds to the exact figures (docs/rules/blackjack.md). */
export const TOTAL_DEPENDENT_AND_CUT_CARD_COST = BASIC_STRATEGY_ALLOWANCE;

export interface ReferenceEdge {
  /** Exact house edge (composition-dependent strategy, fresh shoe), or the estimate less the allowance. */
  houseEdge: number;
  /** houseEdge + the total-dependent / cut-card cost: what a basic-strategy simulation should find. */
  expected: number;
  /** Whether houseEdge is a published exact figure or houseEdgeOf's estimate. */
  exact: boolean;
  source: string;
}

/**
 * The figure a simulation of these rules is compared with: the exact one of docs/rules/blackjack.md where it has
 * one, else the table's estimate (`houseEdgeOf`, the figure the lobby and the rules dialog show).
 */
export function referenceEdge(rules: BlackjackRules): ReferenceEdge {
  const { edge, basicStrategy, exact } = houseEdgeOf(rules);
  return {
    houseEdge: edge,
    expected: basicStrategy,
    exact,
    source: exact
      ? 'docs/rules/blackjack.md: 8 decks, S17, 3:2, double any two, split once, split aces one card'
      : 'estimate: the nearest exact figure plus the approximate effect of each difference (docs/blackjack.md)',
  };
}
