import { GAME_SERVICES, gameDefinition, GameId, GameService } from '@casino/games';

/**
 * The principal of a game service: its definition's `service`, the game's own id (`baccarat`) or a service
 * hosting several games (`studio-games`, docs/adr/0007-one-service-for-the-studio-games.md).
 */
export type GamePrincipal = GameService;
export type PlatformPrincipal = 'admin' | 'ledger' | GamePrincipal;

/** The principal of the service that runs a game's tables (and alone writes its topics). */
export function gamePrincipalOf(game: GameId): GamePrincipal {
  return gameDefinition(game).service;
}

/**
 * The platform's Kafka principals (SASL users): one per game service of the registry, the ledger, and the admin
 * that creates topics and ACLs (infra scripts, tests, tools). The broker's own user (`broker`) is infra/kafka's
 * business; infra/kafka/principals.sh prints the list for it.
 */
export const GAME_PRINCIPALS: readonly GamePrincipal[] = GAME_SERVICES;
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
