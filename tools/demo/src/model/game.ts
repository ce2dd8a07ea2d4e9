import { GAME_IDS, GameId } from '@casino/games';
import { SHARED_GAME_SERVICES } from '@casino/kafka';

/**
 * The games the demo plays: the registry's games that have a live service and a bot. Adding one here makes every
 * record of the demo (bots, tables, ports, statistics) require it, so a game played without a bot does not compile.
 */
const PLAYED = [
  'baccarat',
  'blackjack',
  'roulette',
  'dragonTiger',
  'footballStudio',
  'sicBo',
  'fanTan',
] as const satisfies readonly GameId[];
export type Game = (typeof PLAYED)[number];
export const GAMES: readonly Game[] = GAME_IDS.filter((g): g is Game =>
  (PLAYED as readonly string[]).includes(g),
);

/** The games hosted by studio-games-service (docs/adr/0007-one-service-for-the-studio-games.md). */
const STUDIO_GAMES: readonly string[] = SHARED_GAME_SERVICES['studio-games'];
export type StudioGame = (typeof SHARED_GAME_SERVICES)['studio-games'][number] & Game;
/** The games with a service of their own (`apps/<game>-service`). */
export type OwnServiceGame = Exclude<Game, StudioGame>;

export const isStudioGame = (game: Game): game is StudioGame => STUDIO_GAMES.includes(game);
export const OWN_SERVICE_GAMES: readonly OwnServiceGame[] = GAMES.filter(
  (g): g is OwnServiceGame => !isStudioGame(g),
);

/** An empty record of every played game. */
export function perGame<T>(make: () => T): Record<Game, T> {
  return Object.fromEntries(GAMES.map((g) => [g, make()])) as Record<Game, T>;
}
