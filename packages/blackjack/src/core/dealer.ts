import { PeekRule } from './rules';

/** Dealer rules shared by the reducer and the fast simulator. Points: A = 1, tens = 10. */

/** Draw to 16, stand on 17; with H17 also draw on soft 17. */
export function dealerShouldHit(hardSum: number, hasAce: boolean, hitsSoft17: boolean): boolean {
  if (hasAce && hardSum <= 11) {
    const soft = hardSum + 10;
    return soft < 17 || (soft === 17 && hitsSoft17);
  }
  return hardSum < 17;
}

/** An up card that a hole card can complete to blackjack. */
export function upCardCanMakeBlackjack(upPoints: number): boolean {
  return upPoints === 1 || upPoints === 10;
}

/** Whether the dealer checks the hole card for blackjack before the players act. */
export function dealerPeeks(peek: PeekRule, upPoints: number): boolean {
  if (peek === 'none') return false;
  if (upPoints === 1) return true;
  return peek === 'ace-and-ten' && upPoints === 10;
}

/** Whether a dealer blackjack is still possible once the players act (no peek ruled it out). */
export function dealerBlackjackPossibleAfterPeek(peek: PeekRule, upPoints: number): boolean {
  return upCardCanMakeBlackjack(upPoints) && !dealerPeeks(peek, upPoints);
}

/**
 * Whether the dealer takes another card after the players are done.
 * - Second card (no-hole-card game): only if something depends on it — a hand still in play, a player blackjack
 *   the dealer might tie, or an insurance bet to resolve.
 * - Further cards: only while some hand is still in play (not bust, not blackjack), the dealer has no blackjack,
 *   and the dealer's total requires it.
 */
export function dealerNeedsCard(
  dealerCards: number,
  dealerHard: number,
  dealerHasAce: boolean,
  hitsSoft17: boolean,
  liveHands: number,
  awaitsBlackjackCheck: boolean,
): boolean {
  if (dealerCards < 2) return liveHands > 0 || awaitsBlackjackCheck;
  if (liveHands === 0) return false;
  if (dealerCards === 2 && dealerHasAce && dealerHard === 11) return false;
  return dealerShouldHit(dealerHard, dealerHasAce, hitsSoft17);
}
