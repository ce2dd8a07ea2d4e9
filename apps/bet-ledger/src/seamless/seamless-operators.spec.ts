import { Sql } from '@casino/wallet';
import { SEAMLESS_OPERATORS_TTL_MS, SeamlessOperators } from './seamless-operators';

describe('the list of seamless operators the bet batches read', () => {
  it('is read at most once per TTL, and again after it', async () => {
    let now = 1_000_000;
    let reads = 0;
    let ids = ['op-a'];
    const sql: Sql = {
      rows: async <T>() => {
        reads++;
        return ids.map((operator_id) => ({ operator_id })) as T[];
      },
    };
    const list = new SeamlessOperators(() => now);
    expect([...(await list.seamless(sql))]).toEqual(['op-a']);
    ids = ['op-a', 'op-b'];
    now += SEAMLESS_OPERATORS_TTL_MS - 1;
    await Promise.all([list.seamless(sql), list.seamless(sql)]);
    expect(reads).toBe(1);
    now += 1;
    expect([...(await list.seamless(sql))]).toEqual(['op-a', 'op-b']);
    expect(reads).toBe(2);
  });
});
