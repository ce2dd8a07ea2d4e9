import { z } from 'zod';
import { commonEnvShape } from './load-config';
import { loadServiceConfig } from './service-config';

const spec = {
  env: z.object(commonEnvShape({ httpPort: 3999, service: 'roulette-service', resultMs: 1_000 })),
  table: z.object({ id: z.string() }),
  defaultTables: [{ id: 'r-1' }],
  toTable: (t: { id: string }) => t,
};
const secrets = { PLAYER_TOKEN_SECRET: 'x'.repeat(16), DEALER_API_KEY: 'y'.repeat(12) };

describe('a game service config: Kafka security', () => {
  it("is SASL as the game's principal by default, anonymous with KAFKA_SECURITY=plaintext", () => {
    expect(loadServiceConfig(spec, secrets).KAFKA_CLIENT_SECURITY).toEqual(
      loadServiceConfig(spec, { ...secrets, KAFKA_SECURITY: 'sasl' }).KAFKA_CLIENT_SECURITY,
    );
    expect(
      loadServiceConfig(spec, { ...secrets, KAFKA_SECURITY: 'plaintext' }).KAFKA_CLIENT_SECURITY,
    ).toEqual({});
  });

  it("logs in as the game's principal with KAFKA_SECURITY=sasl", () => {
    const config = loadServiceConfig(spec, { ...secrets, KAFKA_SECURITY: 'sasl' });
    expect(config.KAFKA_CLIENT_SECURITY).toEqual({
      sasl: {
        mechanism: 'scram-sha-512',
        username: 'roulette',
        password: 'roulette-dev-password-not-for-production',
      },
    });
  });

  it('fails at boot with every problem listed', () => {
    expect(() =>
      loadServiceConfig(spec, {
        ...secrets,
        KAFKA_SECURITY: 'sasl',
        NODE_ENV: 'production',
        KAFKA_TLS: 'on',
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        problems: [
          'KAFKA_CLIENT_SECURITY: KAFKA_SASL_PASSWORD: required with NODE_ENV=production (no development password)',
          "KAFKA_CLIENT_SECURITY: KAFKA_TLS: true or false, not 'on'",
        ],
      }),
    );
  });
});
