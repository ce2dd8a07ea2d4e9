import { makeEvent, mintPlayerToken, signPlayerToken } from '@casino/events';
import { sessionRefusal, sessionTimeUp, tokenRefusal, VerifiedTokens } from './session-proof';

const keys = { secret: 'session-proof-secret', maxLifetimeSeconds: 86_400 };
const NOW = 1_700_000_000_000;
const player = { operatorId: 'op-a', playerId: '42', currency: 'EUR' };
const token = (over: object = {}, ttl = 600) =>
  mintPlayerToken({ ...player, sid: 's-1', ...over }, keys.secret, ttl, NOW);
const bet = (playerToken?: string, who = player) =>
  makeEvent('PlaceBet', {
    tableId: 't',
    roundId: 'r',
    game: 'roulette',
    ...who,
    stake: 100n,
    bet: { game: 'roulette', spec: { type: 'red' } },
    ...(playerToken === undefined ? {} : { playerToken }),
  });

describe('a bet command’s proof of its player’s launch session', () => {
  it('takes a valid token of the command’s player naming a session', () => {
    expect(tokenRefusal(bet(token()), keys, NOW)).toMatchObject({ ok: true, claims: { sid: 's-1' } });
  });

  it('refuses no token, a bad signature, another player’s token, no session, a lifetime past the maximum', () => {
    const refused = (cmd: ReturnType<typeof bet>) => tokenRefusal(cmd, keys, NOW);
    expect(refused(bet())).toMatchObject({ ok: false, message: expect.stringContaining('no player token') });
    const other = mintPlayerToken({ ...player, sid: 's-1' }, 'another-key', 600, NOW);
    expect(refused(bet(other))).toMatchObject({ message: expect.stringContaining('TOKEN_BAD_SIGNATURE') });
    expect(refused(bet(token({ playerId: '43' })))).toMatchObject({
      message: expect.stringContaining('another'),
    });
    expect(refused(bet(token(), { ...player, operatorId: 'op-b' }))).toMatchObject({ ok: false });
    const noSid = mintPlayerToken(player, keys.secret, 600, NOW);
    expect(refused(bet(noSid))).toMatchObject({ message: expect.stringContaining('no launch session') });
    const until2100 = signPlayerToken({ ...player, sid: 's-1', exp: 4_102_444_800 }, keys.secret);
    expect(refused(bet(until2100))).toMatchObject({
      message: expect.stringContaining('TOKEN_LIFETIME_TOO_LONG'),
    });
    expect(tokenRefusal(bet(token()), keys, NOW + 601_000)).toMatchObject({
      message: expect.stringContaining('TOKEN_EXPIRED'),
    });
  });

  it('refuses a session that is unknown, another player’s, revoked or expired', () => {
    const live = {
      sessionId: 's-1',
      ...player,
      createdAt: new Date(NOW - 60_000),
      expiresAt: new Date(NOW + 60_000),
      revokedAt: null,
      timeLimitMinutes: null,
    };
    expect(sessionRefusal(player, live, NOW)).toBeUndefined();
    expect(sessionRefusal(player, undefined, NOW)).toMatch(/no launch session/);
    expect(sessionRefusal(player, { ...live, operatorId: 'op-b' }, NOW)).toMatch(/no launch session/);
    expect(sessionRefusal(player, { ...live, revokedAt: new Date(NOW) }, NOW)).toMatch(/revoked/);
    expect(sessionRefusal(player, live, NOW + 60_000)).toMatch(/expired/);
  });

  it("refuses a bet once the player's own session-time limit is reached, not before", () => {
    const started = { createdAt: new Date(NOW), timeLimitMinutes: 30 };
    const session = { sessionId: 's-1', ...player, expiresAt: new Date(NOW + 3_600_000), revokedAt: null };
    expect(sessionTimeUp({ ...session, ...started }, NOW + 29 * 60_000)).toBeUndefined();
    expect(sessionTimeUp({ ...session, ...started }, NOW + 30 * 60_000)).toMatch(/30 minute/);
    expect(
      sessionTimeUp({ ...session, ...started, timeLimitMinutes: null }, NOW + 3_000_000),
    ).toBeUndefined();
  });

  it('checks a token’s signature once, its expiry at every use', () => {
    const verified = new VerifiedTokens(2);
    const t = token();
    expect(tokenRefusal(bet(t), keys, NOW, verified)).toMatchObject({ ok: true });
    expect(verified.get(t, NOW)).toMatchObject({ sid: 's-1' });
    // Still the command's player's: a cached token on another player's command is refused.
    expect(tokenRefusal(bet(t, { ...player, playerId: '43' }), keys, NOW, verified)).toMatchObject({
      ok: false,
    });
    expect(tokenRefusal(bet(t), keys, NOW + 601_000, verified)).toMatchObject({ ok: false });
    expect(verified.get(t, NOW + 601_000)).toBeUndefined();
  });
});
