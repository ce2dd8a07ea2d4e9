import { GAME_IDS, GameId } from '@casino/games';

/**
 * The game services that host several games of the registry in one process, under one principal
 * (docs/adr/0007-one-service-for-the-studio-games.md): each such game's topics are written by its service's
 * principal. Every other game is its own service (baccarat-service, …) and its own principal.
 */
export const SHARED_GAME_SERVICES = {
  'studio-games': ['dragonTiger', 'footballStudio', 'sicBo', 'fanTan'],
} as const satisfies Readonly<Record<string, readonly GameId[]>>;

type SharedService = keyof typeof SHARED_GAME_SERVICES;
type SharedGame = (typeof SHARED_GAME_SERVICES)[SharedService][number];

/** The principal of a game service: the game's own id, or the shared service's name. */
export type GamePrincipal = Exclude<GameId, SharedGame> | SharedService;
export type PlatformPrincipal = 'admin' | 'ledger' | GamePrincipal;

/** The principal of the service that runs a game's tables (and alone writes its topics). */
export function gamePrincipalOf(game: GameId): GamePrincipal {
  for (const [service, games] of Object.entries(SHARED_GAME_SERVICES) as [SharedService, readonly GameId[]][])
    if (games.includes(game)) return service;
  return game as Exclude<GameId, SharedGame>;
}

/**
 * The platform's Kafka principals (SASL users): one per game service (derived from the registry and
 * SHARED_GAME_SERVICES), the ledger, and the admin that creates topics and ACLs (infra scripts, tests, tools).
 * The broker's own user (`broker`) is infra/kafka's business; infra/kafka/principals.sh prints the list for it.
 */
export const GAME_PRINCIPALS: readonly GamePrincipal[] = [...new Set(GAME_IDS.map(gamePrincipalOf))];
export const PLATFORM_PRINCIPALS: readonly PlatformPrincipal[] = ['admin', 'ledger', ...GAME_PRINCIPALS];

export function isPlatformPrincipal(name: string): name is PlatformPrincipal {
  return (PLATFORM_PRINCIPALS as readonly string[]).includes(name);
}

/** A SASL user's principal as ACLs name it. */
export function principalOf(username: string): string {
  return `User:${username}`;
}

/**
 * The development password of a principal: public (docs/kafka-security.md), the one infra/kafka/kafka.sh gives
 * the SCRAM users of a development broker. A client falls back on it only outside production.
 */
export function devKafkaPassword(principal: PlatformPrincipal): string {
  return `${principal}-dev-password-not-for-production`;
}
