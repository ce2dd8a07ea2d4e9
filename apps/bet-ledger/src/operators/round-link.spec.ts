import { MAX_ROUND_LINK_TTL_SECONDS, roundLinkKey, signRoundLink, verifyRoundLink } from './round-link';

const key = roundLinkKey('11'.repeat(32));
const NOW = 1_700_000_000_000;
const claims = { operatorId: 'op-a', playerId: '42', tableId: 't-1', roundId: 'r-1', exp: NOW / 1000 + 600 };

describe('round-details links', () => {
  it('verify with the key that signed them, until they expire', () => {
    const sig = signRoundLink(claims, key);
    expect(sig).toMatch(/^[0-9a-f]{64}$/);
    expect(verifyRoundLink(claims, sig, key, NOW)).toEqual({ ok: true });
    expect(verifyRoundLink(claims, sig, key, NOW + 600_000)).toEqual({
      ok: false,
      code: 'ROUND_LINK_EXPIRED',
    });
  });

  it('refuse another key, any changed claim, a changed expiry and a malformed signature', () => {
    const sig = signRoundLink(claims, key);
    expect(verifyRoundLink(claims, sig, roundLinkKey('22'.repeat(32)), NOW).ok).toBe(false);
    for (const over of [{ operatorId: 'op-b' }, { playerId: '43' }, { tableId: 't-2' }, { roundId: 'r-2' }])
      expect(verifyRoundLink({ ...claims, ...over }, sig, key, NOW)).toEqual({
        ok: false,
        code: 'ROUND_LINK_INVALID',
      });
    expect(verifyRoundLink({ ...claims, exp: claims.exp + 3600 }, sig, key, NOW).ok).toBe(false);
    expect(verifyRoundLink(claims, sig.toUpperCase(), key, NOW).ok).toBe(false);
    expect(verifyRoundLink(claims, '', key, NOW).ok).toBe(false);
  });

  it('keep fields apart: moving a character between ids changes the signature', () => {
    const a = signRoundLink({ ...claims, playerId: '4', tableId: '2t-1' }, key);
    expect(a).not.toBe(signRoundLink({ ...claims, playerId: '42', tableId: 't-1' }, key));
  });

  it('refuse a link signed to live longer than the maximum', () => {
    const long = { ...claims, exp: NOW / 1000 + MAX_ROUND_LINK_TTL_SECONDS + 60 };
    expect(verifyRoundLink(long, signRoundLink(long, key), key, NOW)).toEqual({
      ok: false,
      code: 'ROUND_LINK_INVALID',
    });
  });
});
