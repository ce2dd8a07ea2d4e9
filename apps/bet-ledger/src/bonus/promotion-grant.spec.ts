import { grantExpiry, grantRequestHash } from './promotion-grant';

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('grantExpiry', () => {
  it('takes an expiry in the future, within 366 days', () => {
    const at = inDays(366 - 1 / 24);
    expect(grantExpiry(at)).toBe(Date.parse(at));
  });

  it('refuses one in the past, past 366 days or unreadable, with one message', () => {
    for (const at of [inDays(-1), inDays(366 + 1 / 24), 'tomorrow'])
      expect(() => grantExpiry(at)).toThrow(
        expect.objectContaining({
          code: 'INVALID_REQUEST',
          message: 'expiresAt must be in the future, within 366 days',
        }),
      );
  });
});

describe('grantRequestHash', () => {
  it('is the sha256 of the parts as JSON, as stored grants were hashed', () => {
    // sha256 of '["p1","EUR","5000",10,1700000000000,null]'.
    expect(grantRequestHash(['p1', 'EUR', '5000', 10, 1_700_000_000_000, null])).toBe(
      '003bea965ac84920e08c9ebb64a1e9d42674d55fa93cde3b6cfc3af9846bdd3b',
    );
  });
});
