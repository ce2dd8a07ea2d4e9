import { DealerClaims, signDealerToken, verifyDealerToken } from './dealer-token';

const SECRET = 'dealer-token-secret-0123456789abcdef';
const claims: DealerClaims = { svc: 'baccarat', sub: 'd1', tables: ['bac-1'], iat: 1_000, exp: 2_000 };
const at = (seconds: number) => ({ service: 'baccarat', nowMs: seconds * 1000 });

describe('dealer tokens', () => {
  it('verifies a token it signed, before its expiry', () => {
    const token = signDealerToken(claims, SECRET);
    expect(verifyDealerToken(token, SECRET, at(1_500))).toEqual({ ok: true, claims });
  });

  it('refuses an expired token', () => {
    const token = signDealerToken(claims, SECRET);
    expect(verifyDealerToken(token, SECRET, at(2_000))).toEqual({ ok: false, code: 'DEALER_TOKEN_EXPIRED' });
  });

  it('refuses another secret, another service, a changed payload and garbage', () => {
    const token = signDealerToken(claims, SECRET);
    const invalid = { ok: false, code: 'DEALER_TOKEN_INVALID' };
    expect(verifyDealerToken(token, `${SECRET}x`, at(1_500))).toEqual(invalid);
    expect(verifyDealerToken(token, SECRET, { service: 'roulette', nowMs: 1_500_000 })).toEqual(invalid);
    const [, signature] = token.split('.');
    const widened = Buffer.from(JSON.stringify({ ...claims, tables: ['*'] })).toString('base64url');
    expect(verifyDealerToken(`${widened}.${signature}`, SECRET, at(1_500))).toEqual(invalid);
    for (const junk of ['', 'a', 'a.b.c', '..', `${token}.`, 'x'.repeat(20_000)])
      expect(verifyDealerToken(junk, SECRET, at(1_500))).toEqual(invalid);
  });

  it('refuses a well-signed payload of the wrong shape', () => {
    const payload = Buffer.from(JSON.stringify({ sub: 'd1' })).toString('base64url');
    const token = signDealerToken(claims, SECRET).replace(/^[^.]+/, payload);
    expect(verifyDealerToken(token, SECRET, at(1_500)).ok).toBe(false);
    const odd = signDealerToken({ ...claims, extra: 1 } as DealerClaims, SECRET);
    expect(verifyDealerToken(odd, SECRET, at(1_500))).toEqual({ ok: false, code: 'DEALER_TOKEN_INVALID' });
  });
});
