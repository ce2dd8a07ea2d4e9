import { BlackjackRules } from './rules';

/**
 * Which decisions a hand is offered, as numeric predicates so the reducer and the fast simulator share them.
 * Called only for a hand with at least two cards, under 21, not doubled and not stood.
 */

/** Split aces under the one-card rule take no more cards (only a resplit, where allowed). */
export function canHitHand(rules: BlackjackRules, splitAces: boolean): boolean {
  return !(splitAces && rules.splitAcesOneCard);
}

export function canDoubleHand(
  rules: BlackjackRules,
  cardCount: number,
  total: number,
  fromSplit: boolean,
  splitAces: boolean,
): boolean {
  if (cardCount !== 2 || !canHitHand(rules, splitAces)) return false;
  if (fromSplit && !rules.doubleAfterSplit) return false;
  switch (rules.double) {
    case 'any-two':
      return true;
    case '9-11':
      return total >= 9 && total <= 11;
    case '10-11':
      return total === 10 || total === 11;
    case 'none':
      return false;
  }
}

/** `pairPoints` is the value of both cards of a pair (1 = aces), 0 when the hand is not a pair. */
export function canSplitHand(
  rules: BlackjackRules,
  cardCount: number,
  pairPoints: number,
  handsHeld: number,
  fromSplit: boolean,
): boolean {
  if (cardCount !== 2 || pairPoints === 0 || handsHeld >= rules.maxSplitHands) return false;
  return !(pairPoints === 1 && fromSplit && !rules.resplitAces);
}
