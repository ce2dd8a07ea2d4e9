import { GAME_IDS, gameDefinition, isGameId, type GameId } from '@casino/games';
import type { TFunction } from 'i18next';
import { baccaratClient } from '../tables/baccarat/baccarat-client';
import { blackjackClient } from '../tables/blackjack/blackjack-client';
import { rouletteClient } from '../tables/roulette/roulette-client';
import {
  dragonTigerClient,
  fanTanClient,
  footballStudioClient,
  sicBoClient,
} from '../tables/studio/studio-client';
import type { GameClient } from './game-client';

/**
 * The games this client has views for, keyed by registry id (@casino/games). The type checks each entry against
 * its key (a view of one game under another's id does not compile); a registered game without an entry is
 * shown as not available on this client, never a crash.
 */
export type GameClients = { readonly [G in GameId]?: GameClient<G> };

export const GAME_CLIENTS: GameClients = {
  baccarat: baccaratClient,
  blackjack: blackjackClient,
  roulette: rouletteClient,
  // The four games of the studio-games service share one view, read from their definitions (tables/studio).
  dragonTiger: dragonTigerClient,
  footballStudio: footballStudioClient,
  sicBo: sicBoClient,
  fanTan: fanTanClient,
};

/** The client of a game, or null for an id outside the registry or a game without views here. */
export function gameClient(game: string): GameClient | null {
  if (!isGameId(game)) return null;
  return (GAME_CLIENTS[game] as GameClient | undefined) ?? null;
}

/** Every registered game, in the registry's order (the lobby's and the history's tabs). */
export const PLATFORM_GAMES: readonly GameId[] = GAME_IDS;

/** A game's name in the player's language; the definition's title where no translation names it. */
export function gameName(
  t: TFunction | ((key: string, options?: Record<string, unknown>) => string),
  game: string,
): string {
  const title = isGameId(game) ? gameDefinition(game).title : game;
  return (t as (key: string, options?: Record<string, unknown>) => string)(`games.${game}`, {
    defaultValue: title,
  });
}
