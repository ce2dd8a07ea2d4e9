import { PlayerClaims, realOperatorIdOf } from '@casino/events';
import { BaccaratServiceConfig } from '../config/baccarat-config';

export type IdleMinutesSettings = Pick<
  BaccaratServiceConfig,
  'RNG_IDLE_MINUTES' | 'RNG_IDLE_MINUTES_BY_OPERATOR' | 'RNG_IDLE_MINUTES_BY_COUNTRY'
>;

/**
 * The idle minutes of an RNG baccarat session (docs/rules/baccarat.md#rng-baccarat: they depend on the player's
 * jurisdiction): the player's country (the token's `country`, as the operator launched them) if it has its own,
 * else the operator's (a fun session's too: its play-money book `fun:<operator>` counts as its operator), else the
 * service's default. Own properties only: an operator id such as "constructor" is not a setting.
 */
export function idleMinutesOf(
  player: Pick<PlayerClaims, 'operatorId' | 'country'>,
  settings: IdleMinutesSettings,
): number {
  const byCountry = settings.RNG_IDLE_MINUTES_BY_COUNTRY;
  if (player.country !== undefined && Object.hasOwn(byCountry, player.country))
    return byCountry[player.country];
  const byOperator = settings.RNG_IDLE_MINUTES_BY_OPERATOR;
  const operatorId = realOperatorIdOf(player.operatorId);
  return Object.hasOwn(byOperator, operatorId) ? byOperator[operatorId] : settings.RNG_IDLE_MINUTES;
}
