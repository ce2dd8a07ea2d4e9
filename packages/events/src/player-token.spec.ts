import { createHmac } from 'node:crypto';
import { funOperatorId, mintPlayerToken, signPlayerToken, verifyPlayerToken } from './player-token';

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR' };

describe('player tokens', () => {
  it('round-trips claims; a minted token says when it was issued (iat)', () => {
    const token = mintPlayerToken(player, 'secret', 60, 1_000_000);
    const check = verifyPlayerToken(token, 'secret', 1_000_000);
    expect(check).toEqual({ ok: true, claims: { ...player, iat: 1000, exp: 1060 } });
  });

  it('accepts a token without iat (signed before the claim existed) and refuses a malformed one', () => {
    expect(verifyPlayerToken(signPlayerToken({ ...player, exp: 2000 }, 'secret'), 'secret', 0)).toEqual({
      ok: true,
      claims: { ...player, exp: 2000 },
    });
    const bad = Buffer.from(JSON.stringify({ ...player, exp: 2000, iat: 'now' })).toString('base64url');
    const sig = createHmac('sha256', 'secret').update(bad, 'utf8').digest('base64url');
    expect(verifyPlayerToken(`${bad}.${sig}`, 'secret', 0)).toMatchObject({ code: 'TOKEN_MALFORMED' });
  });

  it('rejects a wrong secret, a tampered payload, an expired token and garbage', () => {
    const token = signPlayerToken({ ...player, exp: 2000 }, 'secret');
    expect(verifyPlayerToken(token, 'other', 0)).toMatchObject({ ok: false, code: 'TOKEN_BAD_SIGNATURE' });
    const forged = Buffer.from(JSON.stringify({ ...player, playerId: 'p2', exp: 2000 })).toString(
      'base64url',
    );
    expect(verifyPlayerToken(`${forged}.${token.split('.')[1]}`, 'secret', 0)).toMatchObject({
      code: 'TOKEN_BAD_SIGNATURE',
    });
    expect(verifyPlayerToken(token, 'secret', 2_000_000)).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(verifyPlayerToken('abc', 'secret')).toMatchObject({ code: 'TOKEN_MALFORMED' });
    expect(verifyPlayerToken(42, 'secret')).toMatchObject({ code: 'TOKEN_MALFORMED' });
  });

  it('refuses a signature spelled differently that decodes to the same bytes', () => {
    const token = signPlayerToken({ ...player, exp: 2000 }, 'secret');
    const [payload, signature] = token.split('.');
    // 32 bytes in 43 base64url characters: the last one's low 4 bits are padding, ignored when decoding.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature[signature.length - 1]);
    const twin = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(twin, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    expect(verifyPlayerToken(`${payload}.${twin}`, 'secret', 0)).toMatchObject({
      code: 'TOKEN_BAD_SIGNATURE',
    });
  });

  it('refuses a lifetime beyond the maximum, counted from iat or from now (a token until 2100)', () => {
    const now = 1_000_000_000_000;
    const day = mintPlayerToken(player, 'secret', 86_400, now);
    expect(verifyPlayerToken(day, 'secret', now)).toMatchObject({ ok: true });
    const longer = mintPlayerToken(player, 'secret', 86_401, now);
    expect(verifyPlayerToken(longer, 'secret', now)).toMatchObject({ code: 'TOKEN_LIFETIME_TOO_LONG' });
    const until2100 = signPlayerToken({ ...player, exp: 4_102_444_800 }, 'secret');
    expect(verifyPlayerToken(until2100, 'secret', now)).toMatchObject({ code: 'TOKEN_LIFETIME_TOO_LONG' });
    // An iat set late does not stretch it: exp - now counts too.
    const lateIat = signPlayerToken({ ...player, iat: 4_102_444_000, exp: 4_102_444_800 }, 'secret');
    expect(verifyPlayerToken(lateIat, 'secret', now)).toMatchObject({ code: 'TOKEN_LIFETIME_TOO_LONG' });
    const hour = { maxLifetimeSeconds: 3600 };
    expect(
      verifyPlayerToken(mintPlayerToken(player, 'secret', 3601, now), 'secret', now, hour),
    ).toMatchObject({
      code: 'TOKEN_LIFETIME_TOO_LONG',
    });
    expect(
      verifyPlayerToken(mintPlayerToken(player, 'secret', 3600, now), 'secret', now, hour),
    ).toMatchObject({
      ok: true,
    });
  });

  it('says fun for a play-money book and only for one, both ways', () => {
    const fun = { ...player, operatorId: funOperatorId('op'), fun: true as const, exp: 2000 };
    expect(verifyPlayerToken(signPlayerToken(fun, 'secret'), 'secret', 0)).toMatchObject({
      ok: true,
      claims: { operatorId: 'fun:op', fun: true },
    });
    expect(() => signPlayerToken({ ...fun, operatorId: 'op' }, 'secret')).toThrow(/play-money/);
    expect(() => signPlayerToken({ ...player, operatorId: 'fun:op', exp: 2000 }, 'secret')).toThrow(
      /play-money/,
    );
    // Signed by hand with the key (as a game service could): the verifier still refuses the mix.
    const mixed = Buffer.from(JSON.stringify({ ...player, exp: 2000, fun: true })).toString('base64url');
    const sig = createHmac('sha256', 'secret').update(mixed, 'utf8').digest('base64url');
    expect(verifyPlayerToken(`${mixed}.${sig}`, 'secret', 0)).toMatchObject({ code: 'TOKEN_MALFORMED' });
  });

  it('carries the launch session and the nickname others see', () => {
    const token = mintPlayerToken({ ...player, sid: 's-1', nickname: 'Lucky7' }, 'secret', 60, 0);
    expect(verifyPlayerToken(token, 'secret', 0)).toMatchObject({
      claims: { sid: 's-1', nickname: 'Lucky7' },
    });
  });

  it("carries the player's country when the launch named one; a token without it stays valid", () => {
    const token = mintPlayerToken({ ...player, country: 'GB' }, 'secret', 60, 0);
    expect(verifyPlayerToken(token, 'secret', 0)).toMatchObject({ ok: true, claims: { country: 'GB' } });
    const without = verifyPlayerToken(mintPlayerToken(player, 'secret', 60, 0), 'secret', 0);
    expect(without.ok && without.claims.country).toBe(undefined);
    for (const country of ['gb', 'UK', 'XX', 'EU', 'GBR', ''])
      expect(() => signPlayerToken({ ...player, country, exp: 2000 }, 'secret')).toThrow(/country/);
    // Signed by hand with the key: the verifier refuses a country that is no country as well.
    const bad = Buffer.from(JSON.stringify({ ...player, exp: 2000, country: 'ZZ' })).toString('base64url');
    const sig = createHmac('sha256', 'secret').update(bad, 'utf8').digest('base64url');
    expect(verifyPlayerToken(`${bad}.${sig}`, 'secret', 0)).toMatchObject({
      code: 'TOKEN_MALFORMED',
      message: expect.stringMatching(/country/),
    });
  });
});
