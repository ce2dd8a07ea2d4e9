import { ConfigError } from '@casino/table-kit/config';
import { loadBaccaratConfig } from '../config/baccarat-config';
import { idleMinutesOf } from './idle-minutes';

const configOf = (env: Record<string, string> = {}) =>
  loadBaccaratConfig({ PLAYER_TOKEN_SECRET: 'x'.repeat(16), DEALER_API_KEY: 'y'.repeat(12), ...env });

describe('RNG baccarat idle minutes by jurisdiction', () => {
  const settings = {
    RNG_IDLE_MINUTES: 15,
    RNG_IDLE_MINUTES_BY_OPERATOR: { 'op-hr': 5 },
    RNG_IDLE_MINUTES_BY_COUNTRY: { DE: 3, GB: 20 },
  };

  it("takes the player's country over the operator, the operator over the default", () => {
    expect(idleMinutesOf({ operatorId: 'op-hr', country: 'DE' }, settings)).toBe(3);
    expect(idleMinutesOf({ operatorId: 'op', country: 'GB' }, settings)).toBe(20);
    // A country without its own setting, or none in the token: the operator's, else the default.
    expect(idleMinutesOf({ operatorId: 'op-hr', country: 'FR' }, settings)).toBe(5);
    expect(idleMinutesOf({ operatorId: 'op-hr' }, settings)).toBe(5);
    expect(idleMinutesOf({ operatorId: 'op', country: 'FR' }, settings)).toBe(15);
    expect(idleMinutesOf({ operatorId: 'op' }, settings)).toBe(15);
    // A fun session's book is its operator's: the operator's jurisdiction holds there too.
    expect(idleMinutesOf({ operatorId: 'fun:op-hr' }, settings)).toBe(5);
  });

  it('reads only own settings, never what an object inherits', () => {
    expect(idleMinutesOf({ operatorId: 'constructor', country: 'toString' }, settings)).toBe(15);
  });

  it('validates RNG_IDLE_MINUTES_BY_COUNTRY at boot like the by-operator setting', () => {
    expect(configOf().RNG_IDLE_MINUTES_BY_COUNTRY).toEqual({});
    expect(
      configOf({ RNG_IDLE_MINUTES_BY_COUNTRY: '{"DE": 5, "GB": 0.5}', RNG_IDLE_WARNING_MS: '10000' })
        .RNG_IDLE_MINUTES_BY_COUNTRY,
    ).toEqual({ DE: 5, GB: 0.5 });
    for (const bad of ['DE=5', '{"DE": 0}', '{"DE": "5"}', '{"DE": 2000}', '[5]'])
      expect(() => configOf({ RNG_IDLE_MINUTES_BY_COUNTRY: bad })).toThrow(/RNG_IDLE_MINUTES_BY_COUNTRY/);
    for (const code of ['de', 'UK', 'EU', 'XX', 'DEU'])
      expect(() => configOf({ RNG_IDLE_MINUTES_BY_COUNTRY: `{"${code}": 5}` })).toThrow(
        new RegExp(`RNG_IDLE_MINUTES_BY_COUNTRY.${code}: not an assigned ISO 3166-1`),
      );
    // The warning must come before the shortest close, a country's too.
    expect(() =>
      configOf({ RNG_IDLE_MINUTES_BY_COUNTRY: '{"DE": 1}', RNG_IDLE_WARNING_MS: '60000' }),
    ).toThrow(ConfigError);
  });
});
