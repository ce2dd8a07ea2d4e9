import { GAME_IDS, GameId } from '@casino/games';

/** The games the demo runs, one service each: every game of the registry. */
export type Game = GameId;
export const GAMES: readonly Game[] = GAME_IDS;
