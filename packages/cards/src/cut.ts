import { CardError } from './card';
import { RandomSource, randomInt } from './random';

/**
 * Where the cut card goes, counted in cards behind it: a fixed depth, or a depth drawn uniformly from a range.
 * Baccarat default is 7 from the back; blackjack uses about 4 decks from the back (e.g. 208 for 8 decks).
 */
export type CutCardPlacement = { fromBack: number } | { minFromBack: number; maxFromBack: number };

export const DEFAULT_CUT_CARD: CutCardPlacement = { fromBack: 7 };

/**
 * The cut position: the index (0-based, in shoe order) of the first card behind the cut card, so
 * `cardCount - fromBack`. The cut card comes out when that card is drawn.
 * A range draws one `randomInt` from the source; a fixed depth draws nothing.
 */
export function resolveCutPosition(
  placement: CutCardPlacement,
  cardCount: number,
  random?: RandomSource,
): number {
  let fromBack: number;
  if ('fromBack' in placement) {
    fromBack = placement.fromBack;
    assertDepth(fromBack, cardCount);
  } else {
    const { minFromBack, maxFromBack } = placement;
    assertDepth(minFromBack, cardCount);
    assertDepth(maxFromBack, cardCount);
    if (minFromBack > maxFromBack) {
      throw new CardError('INVALID_CUT', `cut card range is empty: ${minFromBack}..${maxFromBack}`);
    }
    if (!random) throw new CardError('INVALID_CUT', 'a random cut card depth needs a RandomSource');
    fromBack = minFromBack + randomInt(random, maxFromBack - minFromBack + 1);
  }
  return cardCount - fromBack;
}

export function assertCutPosition(cutPosition: number, cardCount: number): void {
  if (!Number.isInteger(cutPosition) || cutPosition < 1 || cutPosition > cardCount - 1) {
    throw new CardError('INVALID_CUT', `cut position must be in 1..${cardCount - 1}, got ${cutPosition}`);
  }
}

function assertDepth(fromBack: number, cardCount: number): void {
  if (!Number.isInteger(fromBack) || fromBack < 1 || fromBack > cardCount - 1) {
    throw new CardError(
      'INVALID_CUT',
      `cut card depth must be an integer in 1..${cardCount - 1}, got ${fromBack}`,
    );
  }
}
