import { GAME_IDS } from '@casino/games';

/**
 * The platform's Kafka principals (SASL users): one per service (each game of the registry has its own), plus
 * the admin that creates topics and ACLs (infra scripts, tests, tools). The broker's own user (`broker`) is
 * infra/kafka's business.
 */
export const GAME_PRINCIPALS = GAME_IDS;
export const PLATFORM_PRINCIPALS = ['admin', 'ledger', ...GAME_PRINCIPALS] as const;

export type GamePrincipal = (typeof GAME_PRINCIPALS)[number];
export type PlatformPrincipal = (typeof PLATFORM_PRINCIPALS)[number];

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
