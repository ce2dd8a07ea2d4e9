import { z } from 'zod';
import {
  DEVELOPMENT_TABLE_STATE_KEY,
  tableStateKeyEnvShape,
  tableStateKeyProblems,
} from './table-state-key-config';

const schema = z.object(tableStateKeyEnvShape());
const KEY = 'ab'.repeat(32);

describe('TABLE_STATE_KEY', () => {
  it('defaults to the development key, reads old keys as a list, refuses a malformed key', () => {
    expect(schema.parse({})).toEqual({
      TABLE_STATE_KEY: DEVELOPMENT_TABLE_STATE_KEY,
      TABLE_STATE_OLD_KEYS: [],
    });
    expect(
      schema.parse({
        TABLE_STATE_KEY: KEY.toUpperCase(),
        TABLE_STATE_OLD_KEYS: ` ${KEY}, ${'cd'.repeat(32)}`,
      }),
    ).toEqual({ TABLE_STATE_KEY: KEY, TABLE_STATE_OLD_KEYS: [KEY, 'cd'.repeat(32)] });
    expect(schema.safeParse({ TABLE_STATE_KEY: 'abc' }).success).toBe(false);
    expect(schema.safeParse({ TABLE_STATE_OLD_KEYS: `${KEY},xyz` }).success).toBe(false);
  });

  it('is required, and not the development one, when NODE_ENV=production', () => {
    expect(tableStateKeyProblems({})).toEqual([]);
    expect(tableStateKeyProblems({ NODE_ENV: 'production' })).toEqual([
      'TABLE_STATE_KEY: required when NODE_ENV=production',
    ]);
    expect(
      tableStateKeyProblems({ NODE_ENV: 'production', TABLE_STATE_KEY: DEVELOPMENT_TABLE_STATE_KEY }),
    ).toHaveLength(1);
    expect(tableStateKeyProblems({ NODE_ENV: 'production', TABLE_STATE_KEY: KEY })).toEqual([]);
  });
});
