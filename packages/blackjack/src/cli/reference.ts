import { BlackjackRules, DEFAULT_RULES } from '../core/rules';

/** What total-dependent basic strategy dealt to a cut card adds to the exact figures (docs/rules/blackjack.md). */
export const TOTAL_DEPENDENT_AND_CUT_CARD_COST = 0.0002;

export interface ReferenceEdge {
  /** Exact house edge (composition-dependent strategy, fresh shoe) from docs/rules/blackjack.md. */
  houseEdge: number;
  /** houseEdge + the total-dependent / cut-card cost: what a basic-strategy simulation should find. */
  expected: number;
  source: string;
}

/** The reference figure for these rules, when docs/rules/blackjack.md gives one. */
export function referenceEdge(rules: BlackjackRules): ReferenceEdge | null {
  const standard =
    rules.decks === 8 &&
    !rules.dealerHitsSoft17 &&
    rules.blackjackPays.num * 2n === rules.blackjackPays.den * 3n &&
    rules.double === 'any-two' &&
    rules.maxSplitHands === DEFAULT_RULES.maxSplitHands &&
    !rules.resplitAces &&
    rules.splitAcesOneCard;
  if (!standard) return null;
  let houseEdge: number;
  if (rules.peek === 'ace-and-ten') houseEdge = rules.doubleAfterSplit ? 0.00486 : 0.00607;
  else if (rules.peek === 'none') houseEdge = rules.doubleAfterSplit ? 0.00597 : 0.00717;
  else return null;
  return {
    houseEdge,
    expected: houseEdge + TOTAL_DEPENDENT_AND_CUT_CARD_COST,
    source: 'docs/rules/blackjack.md: 8 decks, S17, 3:2, double any two, split once, split aces one card',
  };
}
