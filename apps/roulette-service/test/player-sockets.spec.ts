import {
  encodeEventBuffer,
  eventKey,
  makeEvent,
  mintPlayerToken,
  prefixedTopics,
  PlayerSessionRevokedEvent,
  SessionsTopicEvent,
  signPlayerToken,
} from '@casino/events';
import { createKafka } from '@casino/test-support';
import { io } from 'socket.io-client';
import { eventually, PlayerClient, TEST_PLAYER_SECRET } from '@casino/service-testing';
import { dealer, LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// The rules every player socket of a service lives by (table-kit's PlayerSessions and socket adapter).
const TABLES = [{ id: 'rou-sockets', dealer: 'studio', timers: { bettingMs: 20_000, resultMs: 300 } }];

const tokenOf = (
  player: { playerId: string; operatorId?: string; sid?: string; origins?: string[] },
  ttlSeconds = 3600,
): string =>
  mintPlayerToken({ operatorId: 'op-test', currency: 'EUR', ...player }, TEST_PLAYER_SECRET, ttlSeconds);

/** Resolves with the reason the server gave when it closed the socket. */
const closed = (client: PlayerClient): Promise<string> =>
  new Promise((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));

describe('player sockets (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;
  const clients: PlayerClient[] = [];

  const connect = async (token: string): Promise<PlayerClient> => {
    const client = await PlayerClient.connect(live.service.url, token);
    clients.push(client);
    return client;
  };

  let producer: ReturnType<ReturnType<typeof createKafka>['producer']> | undefined;

  /** Publishes a revocation on the service's sessions topic, as the ledger does. */
  const publish = async (event: SessionsTopicEvent) => {
    producer ??= createKafka('rou-sockets-test').producer();
    await producer.connect();
    const topic = prefixedTopics(live.t.prefix).sessions;
    await producer.send([{ topic, messages: [{ key: eventKey(event), value: encodeEventBuffer(event) }] }]);
  };
  const revoke = (revoked: Pick<PlayerSessionRevokedEvent, 'operatorId' | 'playerId' | 'sessionId'>) =>
    publish(makeEvent('PlayerSessionRevoked', { ...revoked, reason: 'operator' }));

  /** What the handshake answers a token: 'connected', or the rejection. */
  const attempt = (token: string, origin?: string) =>
    new Promise<unknown>((resolve) => {
      const socket = io(live.service.url, {
        auth: { token },
        transports: ['websocket'],
        reconnection: false,
        ...(origin ? { extraHeaders: { origin } } : {}),
      });
      socket.once('connect', () => (socket.close(), resolve('connected')));
      socket.once(
        'connect_error',
        (err: Error & { data?: unknown }) => (socket.close(), resolve(err.data ?? 'refused')),
      );
    });

  beforeAll(
    async () =>
      (live = await openLiveTable(TABLES, {
        deposits: { rico: 10_000n, otis: 10_000n },
        // One bet command a second after a burst of 5, per player and per socket.
        extraEnv: { BET_RATE_PER_SECOND: '1', BET_BURST: '5', SOCKET_MAX_MESSAGE_BYTES: '4096' },
      })),
  );
  afterAll(async () => {
    for (const c of clients) c.close();
    await producer?.disconnect();
    await live?.close();
  });

  it('tells a socket its token expired and closes it at the token’s exp', async () => {
    const started = Date.now();
    const client = await connect(tokenOf({ playerId: 'eve' }, 2));
    const gone = closed(client);
    const expired = await client.waitFor('session:expired', () => true, 5_000);
    expect(expired).toMatchObject({ message: expect.stringContaining('expired') });
    expect(await gone).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(3_500);
  });

  it('refuses a token living longer than PLAYER_TOKEN_MAX_TTL_SECONDS, signed with the platform’s key (issue 45, point 7)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const player = { operatorId: 'op-test', playerId: 'lara', currency: 'EUR' };
    const until2100 = signPlayerToken({ ...player, iat: now, exp: 4_102_444_800 }, TEST_PLAYER_SECRET);
    expect(await attempt(until2100)).toMatchObject({
      ok: false,
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('TOKEN_LIFETIME_TOO_LONG'),
    });
    // Without iat, exp - now counts; one day (the default maximum) still connects.
    const noIat = signPlayerToken({ ...player, exp: now + 86_400 + 120 }, TEST_PLAYER_SECRET);
    expect(await attempt(noIat)).toMatchObject({
      message: expect.stringContaining('TOKEN_LIFETIME_TOO_LONG'),
    });
    expect(await attempt(tokenOf({ playerId: 'lara' }, 86_400))).toBe('connected');
  });

  it('closes the sockets of a revoked session, then all of the player’s, never another operator’s namesake', async () => {
    const one = await connect(tokenOf({ playerId: 'rita', sid: 'launch-1' }));
    const two = await connect(tokenOf({ playerId: 'rita', sid: 'launch-2' }));
    const namesake = await connect(tokenOf({ playerId: 'rita', operatorId: 'op-other', sid: 'launch-1' }));
    const oneClosed = closed(one);
    const twoClosed = closed(two);

    await revoke({ operatorId: 'op-test', playerId: 'rita', sessionId: 'launch-1' });
    expect(await one.waitFor('session:revoked')).toMatchObject({ reason: 'operator' });
    expect(await oneClosed).toBe('io server disconnect');
    expect(two.socket.connected).toBe(true);

    await revoke({ operatorId: 'op-test', playerId: 'rita' });
    expect(await two.waitFor('session:revoked')).toMatchObject({ reason: 'operator' });
    expect(await twoClosed).toBe('io server disconnect');

    // op-other's player "rita" is someone else: still connected and answered.
    expect(namesake.socket.connected).toBe(true);
    expect(await namesake.request('join', { tableId: 'rou-sockets' })).toMatchObject({ ok: true });
    expect(namesake.all('session:revoked')).toEqual([]);
  });

  it('refuses a revoked token at reconnect, and tokens issued before a player-wide revocation; not a namesake’s', async () => {
    const refusal = (token: string) =>
      PlayerClient.connect(live.service.url, token).then(
        (client) => (clients.push(client), 'connected'),
        (err: Error & { data?: unknown }) => err.data,
      );
    const revokedToken = tokenOf({ playerId: 'rosa', sid: 'launch-1' });
    const otherSession = tokenOf({ playerId: 'rosa', sid: 'launch-2' });
    const namesakeToken = tokenOf({ playerId: 'rosa', operatorId: 'op-other', sid: 'launch-1' });
    const one = await connect(revokedToken);
    const oneClosed = closed(one);

    await revoke({ operatorId: 'op-test', playerId: 'rosa', sessionId: 'launch-1' });
    await one.waitFor('session:revoked');
    expect(await oneClosed).toBe('io server disconnect');
    // The same token, still unexpired, cannot open a socket again.
    expect(await refusal(revokedToken)).toMatchObject({
      ok: false,
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('TOKEN_REVOKED'),
    });
    // Its player's other session and op-other's "rosa" (same session id) are unaffected.
    expect(await refusal(otherSession)).toBe('connected');
    expect(await refusal(namesakeToken)).toBe('connected');

    // Player-wide: every token issued up to the revocation is refused; a later launch connects.
    await revoke({ operatorId: 'op-test', playerId: 'rosa' });
    await eventually(async () => (await refusal(otherSession)) !== 'connected');
    expect(await refusal(otherSession)).toMatchObject({ code: 'UNAUTHENTICATED' });
    await new Promise((r) => setTimeout(r, 1100)); // iat is in whole seconds
    expect(await refusal(tokenOf({ playerId: 'rosa', sid: 'launch-3' }))).toBe('connected');
    expect(await refusal(namesakeToken)).toBe('connected');
  });

  it('refuses bet commands past the burst with RATE_LIMITED; the ledger sees only the allowed ones', async () => {
    const rico = await connect(await live.ledger.openSession('rico'));
    await rico.request('join', { tableId: 'rou-sockets' });
    expect((await dealer(live.service.url, 'rou-sockets', 'wheel-ready', { declaredBy: 'pit' })).status).toBe(
      200,
    );
    await rico.waitFor('round:opened', (p) => p.tableId === 'rou-sockets');

    const bet = { tableId: 'rou-sockets', bet: { type: 'red' }, stake: '100' };
    const acks = await Promise.all(
      Array.from({ length: 9 }, () =>
        rico.request<{ ok: boolean; code?: string; refs?: string[] }>('placeBet', bet),
      ),
    );
    const allowed = acks.filter((a) => a.ok);
    expect(allowed).toHaveLength(5);
    expect(acks.filter((a) => !a.ok)).toEqual(
      Array.from({ length: 4 }, () =>
        expect.objectContaining({ code: 'RATE_LIMITED', message: expect.any(String) }),
      ),
    );

    // The player's bucket is shared by their sockets: a second socket is limited too.
    const again = await connect(await live.ledger.openSession('rico'));
    await again.request('join', { tableId: 'rou-sockets' });
    expect(await again.request('placeBet', bet)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });

    for (const ack of allowed) await rico.waitFor('bet:accepted', (p) => p.ref === ack.refs?.[0]);
    expect(await live.ledger.balance('rico')).toBe(10_000n - 5n * 100n);
    expect(rico.all('bet:accepted')).toHaveLength(5);
  });

  it('drops a connection that sends a message over SOCKET_MAX_MESSAGE_BYTES; nothing reaches the table', async () => {
    const otis = await connect(await live.ledger.openSession('otis'));
    await otis.request('join', { tableId: 'rou-sockets' });
    const gone = closed(otis);
    otis.socket.emit('placeBet', {
      tableId: 'rou-sockets',
      bet: { type: 'black' },
      stake: '100',
      padding: 'x'.repeat(8 * 1024),
    });
    expect(await gone).toBe('transport close');

    const back = await connect(await live.ledger.openSession('otis'));
    const joined = await back.request<{ snapshot: { round: { myBets: unknown[] } | null } }>('join', {
      tableId: 'rou-sockets',
    });
    expect(joined.snapshot.round?.myBets ?? []).toEqual([]);
    expect(await live.ledger.balance('otis')).toBe(10_000n);
    // A message under the limit still goes through.
    expect(
      await back.request('placeBet', { tableId: 'rou-sockets', bet: { type: 'black' }, stake: '100' }),
    ).toMatchObject({ ok: true });
  });

  it("lets the platform's origins and the token's operator's own origins connect, nothing else", async () => {
    const plain = tokenOf({ playerId: 'olga' });
    expect(await attempt(plain, 'https://evil.example')).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('ORIGIN_NOT_ALLOWED'),
    });
    expect(await attempt(plain, 'http://localhost.evil.example:3000')).not.toBe('connected');
    expect(await attempt(plain, 'http://localhost:5173')).toBe('connected');
    // Operator A registered its own site: its tokens connect from there; operator B's do not.
    const fromA = tokenOf({ playerId: 'olga', operatorId: 'op-a', origins: ['https://casino-a.example'] });
    const fromB = tokenOf({ playerId: 'olga', operatorId: 'op-b', origins: ['https://casino-b.example'] });
    expect(await attempt(fromA, 'https://casino-a.example')).toBe('connected');
    expect(await attempt(fromB, 'https://casino-a.example')).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(await attempt(fromB, 'https://casino-b.example')).toBe('connected');
  });

  it("closes a suspended operator's sockets and refuses its earlier tokens, even after a restart", async () => {
    const before = tokenOf({ playerId: 'sue', operatorId: 'op-susp', sid: 'l-1' });
    const revokedSession = tokenOf({ playerId: 'sam', sid: 'l-9' });
    const sue = await connect(before);
    const bystander = await connect(tokenOf({ playerId: 'sue', operatorId: 'op-fine' }));
    const sueClosed = closed(sue);
    await publish(
      makeEvent('OperatorSessionsRevoked', { operatorId: 'op-susp', reason: 'operator-suspended' }),
    );
    await revoke({ operatorId: 'op-test', playerId: 'sam', sessionId: 'l-9' });
    expect(await sue.waitFor('session:revoked')).toMatchObject({ reason: 'operator-suspended' });
    expect(await sueClosed).toBe('io server disconnect');
    expect(bystander.socket.connected).toBe(true);
    await eventually(async () => (await attempt(revokedSession)) !== 'connected');

    // A new instance learns the revocations made before it started (it reads the sessions topic whole).
    await live.restart();
    expect(await attempt(before)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: expect.stringContaining('suspended'),
    });
    expect(await attempt(revokedSession)).toMatchObject({
      message: expect.stringContaining('TOKEN_REVOKED'),
    });
    await new Promise((r) => setTimeout(r, 1100)); // iat is in whole seconds
    expect(await attempt(tokenOf({ playerId: 'sue', operatorId: 'op-susp', sid: 'l-2' }))).toBe('connected');
  });
});
