import { z } from 'zod';
import { commonEnvShape } from './load-config';
import { loadServiceConfig } from './service-config';
import { gameTableSchema, gameTimersSchema } from './table-settings';

const timers = gameTimersSchema({});
const spec = {
  env: z.object(commonEnvShape({ httpPort: 3999, service: 'test-service', resultMs: 1_000 })),
  table: gameTableSchema(timers, { seats: z.number().int().min(1) }),
  defaultTables: [{ id: 'd-1', seats: 1 }],
  toTable: (
    t: { id: string; seats: number; timers?: { bettingMs?: number } },
    env: { BETTING_MS: number },
    problem: (message: string) => void,
  ) => {
    if (t.seats > 7) problem('at most 7 seats');
    return { id: t.id, bettingMs: t.timers?.bettingMs ?? env.BETTING_MS };
  },
};
// test-service is no Kafka principal: anonymous, as on a plaintext broker.
const secrets = {
  PLAYER_TOKEN_SECRET: 'x'.repeat(16),
  DEALER_API_KEY: 'y'.repeat(12),
  KAFKA_SECURITY: 'plaintext',
};

describe('loadServiceConfig', () => {
  it('builds each table from its settings and the environment, the default tables without TABLES', () => {
    const config = loadServiceConfig(spec, { ...secrets, BETTING_MS: '5000' });
    expect(config.tables).toEqual([{ id: 'd-1', bettingMs: 5000 }]);
    expect(config).not.toHaveProperty('TABLES');
    expect(config).toMatchObject({ HTTP_PORT: 3999, RESULT_MS: 1_000, KAFKA_GROUP_ID: 'test-service' });
  });

  it('lists duplicate ids and every table problem at once', () => {
    const tables = [
      { id: 'a', seats: 9 },
      { id: 'a', seats: 1, timers: { bettingMs: 10 } },
    ];
    expect(() => loadServiceConfig(spec, { ...secrets, TABLES: JSON.stringify(tables) })).toThrow(
      expect.objectContaining({
        code: 'INVALID_CONFIG',
        problems: ['TABLES.a: at most 7 seats', 'TABLES: duplicate table id a'],
      }),
    );
  });

  it('checks the settings every table has', () => {
    const tables = [{ id: 'bad id', currency: 'eur', dealer: 'robot', seats: 1, extra: true }];
    expect(() => loadServiceConfig(spec, { ...secrets, TABLES: JSON.stringify(tables) })).toThrow(
      expect.objectContaining({
        problems: expect.arrayContaining([expect.stringMatching(/^0\.id: table id/)]),
      }),
    );
  });
});
