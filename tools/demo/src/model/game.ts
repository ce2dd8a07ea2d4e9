import { GAME_IDS, GameId } from '@casino/games';

/**
 * The games the demo plays: the registry's games that have a live service and a bot. The studio games (Dragon
 * Tiger, Football Studio, Sic Bo, Fan Tan) have their service, which the demo starts (platform.ts), but no bot yet;
 * adding one here makes every record of the demo (bots, tables, ports, statistics) require it, so a game played
 * without a bot does not compile.
 */
const PLAYED = ['baccarat', 'blackjack', 'roulette'] as const satisfies readonly GameId[];
export type Game = (typeof PLAYED)[number];
export const GAMES: readonly Game[] = GAME_IDS.filter((g): g is Game =>
  (PLAYED as readonly string[]).includes(g),
);
