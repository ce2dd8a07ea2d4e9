import { BetMoments } from '@casino/game-kit';
import { exactBetMoments } from '@casino/games';

// The exact moments are the games' own (each definition's exactReturn); these names stay for the back office.
export { BACCARAT_DECKS, baccaratMoments } from '@casino/baccarat';
export { rouletteMoments } from '@casino/roulette';
export type { BetMoments };

/**
 * The exact moments of a bet kind at a table, or undefined where no exact figure exists (the game's definition
 * says why: blackjack's return depends on the players' decisions; `npm run rtp -- blackjack` simulates basic
 * strategy only). A game outside the registry throws: a report never shows a silent blank for it.
 */
export function theoreticalMoments(
  game: string,
  betKind: string,
  settings: Readonly<Record<string, unknown>> | null,
): BetMoments | undefined {
  return exactBetMoments(game, betKind, settings);
}
