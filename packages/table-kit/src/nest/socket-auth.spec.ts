import { mintPlayerToken, PlayerClaims } from '@casino/events';
import { MIN_PLAYER_PROTOCOL_VERSION, PLAYER_PROTOCOL_VERSION } from '@casino/player-protocol';
import { Socket } from 'socket.io';
import { authenticateSocket } from './socket-auth';
import { Clock } from '../timers/clock';
import { PlayerOriginPolicy } from '../sessions/origin-policy';
import { PlayerSessions, SESSION_REVOKED } from '../sessions/player-sessions';

const SECRET = 'a-test-secret-of-some-length';
const HOUR = 3600_000;

let sockets = 0;

/** A socket as the auth middleware and PlayerSessions see it: its handshake, data, and what it was told. */
function fakeSocket(token: string, origin?: string) {
  const told: { name: string; payload: unknown }[] = [];
  const socket = {
    id: `socket-${++sockets}`,
    handshake: { auth: { token }, headers: origin === undefined ? {} : { origin } },
    data: {} as { player?: PlayerClaims },
    connected: true,
    once: () => socket,
    emit: (name: string, payload: unknown) => (told.push({ name, payload }), true),
    disconnect: () => ((socket.connected = false), socket),
  };
  return { socket: socket as unknown as Socket, told };
}

describe('PlayerSessions: revoked tokens stay refused at the handshake', () => {
  let now: number;
  const clock: Clock = { now: () => now, setTimer: () => ({ cancel: () => undefined }) };
  let sessions: PlayerSessions;
  const token = (operatorId: string, sid: string, issuedAtMs = now) =>
    mintPlayerToken({ operatorId, playerId: '42', currency: 'EUR', sid }, SECRET, 3600, issuedAtMs);
  const handshake = (t: string) => authenticateSocket(fakeSocket(t).socket, SECRET, now, sessions);

  beforeEach(() => {
    now = Date.parse('2026-11-23T02:00:00Z');
    sessions = new PlayerSessions(clock, {
      revocationMemory: { maxTokenLifetimeMs: 24 * HOUR, maxEntries: 1000 },
      originPolicy: new PlayerOriginPolicy(['http://localhost:*']),
    });
  });

  it('closes the revoked session’s socket, then refuses its token with UNAUTHENTICATED', () => {
    const revokedToken = token('op-a', 'launch-1');
    const open = fakeSocket(revokedToken);
    const claims = authenticateSocket(open.socket, SECRET, now, sessions) as PlayerClaims;
    sessions.connected(open.socket, claims);
    const at = new Date(now).toISOString();

    expect(
      sessions.revoke({
        type: 'PlayerSessionRevoked',
        operatorId: 'op-a',
        playerId: '42',
        sessionId: 'launch-1',
        reason: 'operator',
        occurredAt: at,
      }),
    ).toBe(1);
    expect(open.told.map((t) => t.name)).toEqual([SESSION_REVOKED]);
    now += 60_000;
    expect(handshake(revokedToken)).toMatchObject({
      ok: false,
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('TOKEN_REVOKED'),
    });
    // The player's other session, and another operator's "42" with the same session id, still connect.
    expect(handshake(token('op-a', 'launch-2'))).toMatchObject({ playerId: '42', sid: 'launch-2' });
    expect(handshake(token('op-b', 'launch-1'))).toMatchObject({ operatorId: 'op-b', sid: 'launch-1' });
  });

  it('a player-wide revocation (at its occurredAt) refuses the tokens issued before it, not a new launch', () => {
    const before = token('op-a', 'launch-1', now - 60_000);
    const revokedAt = now;
    sessions.revoke({
      type: 'PlayerSessionRevoked',
      operatorId: 'op-a',
      playerId: '42',
      reason: 'player-suspended',
      occurredAt: new Date(revokedAt).toISOString(),
    });
    now += 5_000;
    expect(handshake(before)).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
    expect(handshake(token('op-a', 'launch-3'))).toMatchObject({ sid: 'launch-3' });
    expect(handshake(token('op-b', 'launch-1', revokedAt - 60_000))).toMatchObject({ operatorId: 'op-b' });
    expect(sessions.rememberedRevocations()).toEqual({ sessions: 0, players: 1, operators: 0 });
  });

  it("a suspended operator's sockets close and its earlier tokens are refused; other operators' stay", () => {
    const a = fakeSocket(token('op-a', 'launch-1'));
    const b = fakeSocket(token('op-b', 'launch-1'));
    for (const s of [a, b])
      sessions.connected(s.socket, authenticateSocket(s.socket, SECRET, now) as PlayerClaims);
    expect(
      sessions.revoke({
        type: 'OperatorSessionsRevoked',
        operatorId: 'op-a',
        reason: 'operator-suspended',
        occurredAt: new Date(now).toISOString(),
      }),
    ).toBe(1);
    expect(a.told.map((t) => t.name)).toEqual([SESSION_REVOKED]);
    expect(b.told).toEqual([]);
    expect(handshake(token('op-a', 'launch-2', now - 1000))).toMatchObject({
      ok: false,
      message: expect.stringContaining('suspended'),
    });
    now += 1000;
    expect(handshake(token('op-a', 'launch-3'))).toMatchObject({ operatorId: 'op-a' });
  });

  it("refuses a browser origin that is neither the platform's nor one of the token's operator", () => {
    const withOrigins = (operatorId: string, origins?: string[]) =>
      mintPlayerToken({ operatorId, playerId: '42', currency: 'EUR', origins }, SECRET, 3600, now);
    const from = (t: string, origin?: string) =>
      authenticateSocket(fakeSocket(t, origin).socket, SECRET, now, sessions);
    const tokenA = withOrigins('op-a', ['https://casino-a.example']);
    expect(from(tokenA, 'https://casino-a.example')).toMatchObject({ operatorId: 'op-a' });
    expect(from(tokenA, 'http://localhost:5173')).toMatchObject({ operatorId: 'op-a' });
    expect(from(tokenA)).toMatchObject({ operatorId: 'op-a' });
    expect(from(withOrigins('op-b'), 'https://casino-a.example')).toMatchObject({
      ok: false,
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('ORIGIN_NOT_ALLOWED'),
    });
    expect(from(tokenA, 'https://evil.example')).toMatchObject({ ok: false, code: 'UNAUTHENTICATED' });
  });
});

describe('the protocol version at the handshake (docs/websocket-api.md#protocol-version)', () => {
  const now = Date.parse('2026-11-23T02:00:00Z');
  const token = mintPlayerToken({ operatorId: 'op-a', playerId: '42', currency: 'EUR' }, SECRET, 3600, now);
  const withProtocol = (protocol: unknown) => {
    const { socket } = fakeSocket(token);
    (socket.handshake.auth as Record<string, unknown>).protocol = protocol;
    return authenticateSocket(socket, SECRET, now);
  };

  it('connects the current version and a client that names none', () => {
    expect(withProtocol(PLAYER_PROTOCOL_VERSION)).toMatchObject({ playerId: '42' });
    expect(withProtocol(undefined)).toMatchObject({ playerId: '42' });
  });

  it('refuses another version with PROTOCOL_UNSUPPORTED and the versions served, before the token', () => {
    expect(withProtocol(PLAYER_PROTOCOL_VERSION + 1)).toEqual({
      ok: false,
      code: 'PROTOCOL_UNSUPPORTED',
      message: expect.stringContaining('reload the client'),
      supported: { min: MIN_PLAYER_PROTOCOL_VERSION, max: PLAYER_PROTOCOL_VERSION },
    });
    expect(withProtocol('1')).toMatchObject({ code: 'PROTOCOL_UNSUPPORTED' });
  });
});
