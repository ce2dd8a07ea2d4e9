import { GAME_IDS, gameDefinition, GameId, GameService, gamesOfService } from '@casino/games';

/**
 * The games the demo plays: every game of the registry. Its records (bots, tables, statistics) are keyed by them,
 * so a registered game without a bot does not compile.
 */
export type Game = GameId;
export const GAMES: readonly Game[] = GAME_IDS;

/** The service that runs a game's tables (its definition's `service`). */
export const serviceOf = (game: Game): GameService => gameDefinition(game).service;

/** Whether the game's service hosts other games too (docs/adr/0007-one-service-for-the-studio-games.md). */
export const sharesService = (game: Game): boolean => gamesOfService(serviceOf(game)).length > 1;

/** An empty record of every played game. */
export function perGame<T>(make: () => T): Record<Game, T> {
  return Object.fromEntries(GAMES.map((g) => [g, make()])) as Record<Game, T>;
}
