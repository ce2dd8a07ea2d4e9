import { EventOf, prefixedTopics, verifyPlayerToken } from '@casino/events';
import { ManageOperators, IssuedKey } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { signRequest } from '@casino/operator-protocol';
import { asOperator, bac, baccaratTable, newRound, place } from './support/builders';
import { decide, openRound } from './support/flow';
import { SignedAnswer, signedCall, Tamper } from './support/operator-api';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
let a: IssuedKey;
let b: IssuedKey;
let ops: ManageOperators;
beforeAll(async () => {
  h = await createHarness('operators');
  await h.startLedger();
  ops = new ManageOperators(h.ds, h.config.LEDGER_SECRETS_KEY, prefixedTopics(h.config.KAFKA_TOPIC_PREFIX));
  a = await ops.create({
    operatorId: 'op-a',
    name: 'A',
    currencies: ['EUR'],
    maxDeposit: 100_000n,
    maxBalance: 150_000n,
  });
  b = await ops.create({ operatorId: 'op-b', name: 'B', currencies: ['EUR', 'USD'] });
});
afterAll(async () => h?.close());

type Call = SignedAnswer<Record<string, unknown>>;

/** A signed request; `tamper` changes what is sent after signing. */
const call = (
  key: IssuedKey,
  method: string,
  path: string,
  body?: unknown,
  tamper: Tamper = {},
): Promise<Call> => signedCall(h.url(''), key, method, path, body, tamper);

const balances = async (key: IssuedKey, player: string) =>
  (await call(key, 'GET', `/v1/players/${player}/balances`)).body as unknown as {
    currency: string;
    balance: string;
  }[];
const dep = (key: IssuedKey, player: string, transactionId: string, amount: string, currency = 'EUR') =>
  call(key, 'POST', `/v1/players/${player}/deposits`, { transactionId, currency, amount });
const wd = (key: IssuedKey, player: string, transactionId: string, amount: string) =>
  call(key, 'POST', `/v1/players/${player}/withdrawals`, { transactionId, currency: 'EUR', amount });
const count = async (table: string) =>
  Number((await h.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

describe('signed operator API', () => {
  it('refuses unsigned, unknown-key, badly signed, stale, replayed and suspended requests, changing nothing', async () => {
    expect(await dep(a, 'p1', 'auth-0', '100')).toMatchObject({ status: 200 });
    const before = [await count('wallet_entries'), await count('ledger_operator_transactions')];
    const cases: [Parameters<typeof call>[4], number, string][] = [
      [{ headers: { 'x-casino-signature': undefined } }, 401, 'SIGNATURE_MISSING'],
      [{ headers: { 'x-casino-key': 'ck_nope' } }, 401, 'KEY_UNKNOWN'],
      [{ signedBody: '{"transactionId":"auth-1","currency":"EUR","amount":"1"}' }, 401, 'SIGNATURE_INVALID'],
      [{ timestamp: String(Date.now() - 6 * 60_000) }, 401, 'TIMESTAMP_STALE'],
    ];
    for (const [tamper, status, code] of cases) {
      const r = await call(
        a,
        'POST',
        '/v1/players/p1/deposits',
        { transactionId: 'auth-1', currency: 'EUR', amount: '100' },
        tamper,
      );
      expect({ status: r.status, code: r.body.code }).toEqual({ status, code });
    }
    // Another operator's key signing for A's path: still acts for B only (the path names no operator).
    const wrongKey = await call(a, 'GET', '/v1/players/p1/balances', undefined, {
      headers: { 'x-casino-key': b.keyId },
    });
    expect(wrongKey).toMatchObject({ status: 401, body: { code: 'SIGNATURE_INVALID' } });

    // A replay: the exact same request (same id, timestamp and signature) twice.
    const raw = JSON.stringify({ transactionId: 'auth-2', currency: 'EUR', amount: '100' });
    const ts = String(Date.now());
    const headers = {
      'content-type': 'application/json',
      'x-casino-key': a.keyId,
      'x-casino-timestamp': ts,
      'x-casino-request-id': 'replayed-1',
      'x-casino-signature': signRequest(a.secret, {
        method: 'POST',
        pathWithQuery: '/v1/players/p1/deposits',
        timestamp: ts,
        requestId: 'replayed-1',
        body: raw,
      }),
    };
    const first = await fetch(h.url('/v1/players/p1/deposits'), { method: 'POST', headers, body: raw });
    expect(first.status).toBe(200);
    const second = await fetch(h.url('/v1/players/p1/deposits'), { method: 'POST', headers, body: raw });
    expect(second.status).toBe(409);
    expect(await second.json()).toMatchObject({ code: 'REQUEST_REPLAYED' });
    expect([await count('wallet_entries'), await count('ledger_operator_transactions')]).toEqual([
      before[0] + 1,
      before[1] + 1,
    ]);

    // Suspended operator: 403; a revoked key: unknown.
    const spare = await ops.addKey('op-a');
    expect((await balances(spare, 'p1'))[0]).toEqual({ currency: 'EUR', balance: '200' });
    expect(await ops.revokeKey(spare.keyId)).toEqual({ keyId: spare.keyId, operatorId: 'op-a' });
    await expect(ops.revokeKey('ck_nope')).rejects.toMatchObject({ code: 'KEY_UNKNOWN' });
    await expect(ops.setStatus('op-nope', 'suspended')).rejects.toMatchObject({ code: 'OPERATOR_NOT_FOUND' });
    expect(await call(spare, 'GET', '/v1/players/p1/balances')).toMatchObject({
      status: 401,
      body: { code: 'KEY_UNKNOWN' },
    });
    await ops.setStatus('op-a', 'suspended');
    expect(await dep(a, 'p1', 'auth-3', '100')).toMatchObject({
      status: 403,
      body: { code: 'OPERATOR_SUSPENDED' },
    });
    await ops.setStatus('op-a', 'active');
    expect((await balances(a, 'p1'))[0].balance).toBe('200');
  });

  it('keeps operators apart: player "42" of A and of B have separate balances, transactions, bets and limits', async () => {
    expect(await dep(a, '42', 'iso-1', '10000')).toMatchObject({ status: 200, body: { balance: '10000' } });
    // Same transaction id at another operator: its own transaction.
    expect(await dep(b, '42', 'iso-1', '777')).toMatchObject({ status: 200, body: { balance: '777' } });
    expect(await balances(a, '42')).toEqual([{ currency: 'EUR', balance: '10000' }]);
    expect(await balances(b, '42')).toEqual([{ currency: 'EUR', balance: '777' }]);
    // B cannot withdraw A's money: B's player 42 only has 777.
    expect(await wd(b, '42', 'iso-2', '5000')).toMatchObject({
      status: 409,
      body: { code: 'INSUFFICIENT_FUNDS' },
    });
    const txA = (await call(a, 'GET', '/v1/players/42/transactions')).body.items as { amount: string }[];
    const txB = (await call(b, 'GET', '/v1/players/42/transactions')).body.items as { amount: string }[];
    expect(txA.map((t) => t.amount)).toEqual(['10000']);
    expect(txB.map((t) => t.amount)).toEqual(['777']);

    // Limits: A narrows its player 42; B's player 42 is untouched.
    expect(
      await call(a, 'PUT', '/v1/players/42/limits/baccarat/*', { min: '100', max: '200' }),
    ).toMatchObject({ status: 200 });
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const betA = asOperator(place(r, '42', 500n, bac('player')), 'op-a');
    const betB = asOperator(place(r, '42', 500n, bac('player')), 'op-b');
    const decided = await decide(h, betA, betB);
    expect(decided.get(betA.id)).toMatchObject({ code: 'ABOVE_PERSONAL_LIMIT' });
    expect(decided.get(betB.id)).toMatchObject({ type: 'BetAccepted' });
    const betsA = (await call(a, 'GET', '/v1/players/42/bets')).body.items as unknown[];
    const betsB = (await call(b, 'GET', '/v1/players/42/bets')).body.items as { operatorId: string }[];
    expect(betsA).toEqual([]);
    expect(betsB.map((x) => x.operatorId)).toEqual(['op-b']);
    const roundA = await call(a, 'GET', `/v1/rounds/${r.tableId}/${r.roundId}`);
    const roundB = await call(b, 'GET', `/v1/rounds/${r.tableId}/${r.roundId}`);
    expect(roundA.body).toMatchObject({ bets: [], betCount: 0, totalStaked: '0' });
    expect(roundB.body).toMatchObject({ betCount: 1, totalStaked: '500' });
    // No route takes an operator: a path naming B's operator is not a route of the API.
    expect((await call(a, 'GET', '/v1/operators/op-b/players/42/balances')).status).toBe(404);
  });

  it('transfers once per transaction id, within the caps, never below zero', async () => {
    const first = await dep(a, 'p2', 'tx-1', '5000');
    expect(first).toMatchObject({ status: 200, body: { balance: '5000', amount: '5000', kind: 'deposit' } });
    expect(await dep(a, 'p2', 'tx-1', '5000')).toEqual(first);
    expect(await dep(a, 'p2', 'tx-1', '6000')).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await wd(a, 'p2', 'tx-1', '5000')).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await dep(a, 'p2', 'tx-2', '100001')).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_EXCEEDED' },
    });
    expect(await dep(a, 'p2', 'tx-3', '100000')).toMatchObject({ status: 200, body: { balance: '105000' } });
    expect(await dep(a, 'p2', 'tx-4', '50000')).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_EXCEEDED' },
    });
    expect(await dep(a, 'p2', 'tx-5', '10', 'USD')).toMatchObject({
      status: 400,
      body: { code: 'CURRENCY_NOT_SUPPORTED' },
    });
    for (const amount of ['0', '-5', '1.5', '9223372036854775808', '99999999999999999999999', 'abc']) {
      expect(await dep(b, 'p2', `bad-${amount}`, amount)).toMatchObject({
        status: 400,
        body: { code: 'INVALID_AMOUNT' },
      });
    }
    // C was created without caps: it has the defaults, so a deposit near 2^63 is refused (money-caps.spec.ts).
    const c = await ops.create({ operatorId: 'op-c', name: 'C', currencies: ['EUR'] });
    expect(await dep(c, 'big', 'max-1', '9223372036854775807')).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_EXCEEDED' },
    });
    expect(await wd(a, 'p2', 'w-1', '105001')).toMatchObject({
      status: 409,
      body: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await wd(a, 'p2', 'w-1', '105001')).toMatchObject({
      status: 409,
      body: { code: 'INSUFFICIENT_FUNDS' },
    });
    expect(await wd(a, 'p2', 'w-2', '105000')).toMatchObject({
      status: 200,
      body: { balance: '0', kind: 'withdrawal' },
    });
    expect(await balances(a, 'p2')).toEqual([{ currency: 'EUR', balance: '0' }]);
    const changes = await h.waitFor(
      (e): e is EventOf<'BalanceChanged'> =>
        e.type === 'BalanceChanged' && e.operatorId === 'op-a' && e.playerId === 'p2',
      3,
    );
    expect(changes.map((e) => [e.reason, e.delta])).toEqual([
      ['deposit', 5000n],
      ['deposit', 100000n],
      ['withdrawal', -105000n],
    ]);
    // Paging: newest first, a stable cursor.
    const p1 = await call(a, 'GET', '/v1/players/p2/transactions?limit=2');
    const items1 = p1.body.items as { amount: string }[];
    expect(items1.map((t) => t.amount)).toEqual(['-105000', '100000']);
    const p2 = await call(
      a,
      'GET',
      `/v1/players/p2/transactions?limit=2&cursor=${p1.body.nextCursor as string}`,
    );
    expect((p2.body.items as { amount: string }[]).map((t) => t.amount)).toEqual(['5000']);
    expect(p2.body.nextCursor).toBeNull();
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('launches and revokes sessions; suspending a player revokes them all and stops funding', async () => {
    const launched = await call(a, 'POST', '/v1/sessions', {
      playerId: '42',
      currency: 'EUR',
      game: 'baccarat',
      tableId: 'bac-1',
      language: 'en',
      nickname: 'Ann',
    });
    expect(launched.status).toBe(201);
    const s = launched.body as { sessionId: string; token: string; launchUrl: string; expiresAt: string };
    const claims = verifyPlayerToken(s.token, h.config.PLAYER_TOKEN_SECRET);
    expect(claims).toMatchObject({
      ok: true,
      claims: { playerId: '42', operatorId: 'op-a', currency: 'EUR', sid: s.sessionId, nickname: 'Ann' },
    });
    expect(s.launchUrl).toBe(
      `http://127.0.0.1:3000/lobby?token=${encodeURIComponent(s.token)}&language=en&game=baccarat&table=bac-1`,
    );
    expect(Date.parse(s.expiresAt) - Date.now()).toBeGreaterThan(3_500_000);
    // The token says when it was issued: a player-wide revocation refuses the tokens issued before it.
    const { iat, exp } = (claims as { claims: { iat?: number; exp: number } }).claims;
    expect(Math.abs(iat! * 1000 - Date.now())).toBeLessThan(60_000);
    expect(exp - iat!).toBe(h.config.LEDGER_SESSION_TTL_SECONDS);
    // B cannot revoke A's session.
    expect(await call(b, 'DELETE', `/v1/sessions/${s.sessionId}`)).toMatchObject({
      status: 404,
      body: { code: 'SESSION_NOT_FOUND' },
    });
    expect(await call(a, 'DELETE', `/v1/sessions/${s.sessionId}`)).toMatchObject({
      status: 200,
      body: { playerId: '42' },
    });
    await h.waitFor(
      (e): e is EventOf<'PlayerSessionRevoked'> =>
        e.type === 'PlayerSessionRevoked' && e.sessionId === s.sessionId && e.reason === 'operator',
    );

    const two = [
      await call(a, 'POST', '/v1/sessions', { playerId: '42', currency: 'EUR' }),
      await call(a, 'POST', '/v1/sessions', { playerId: '42', currency: 'EUR' }),
    ];
    expect(two.map((x) => x.status)).toEqual([201, 201]);
    const suspended = await call(a, 'PATCH', '/v1/players/42', { status: 'suspended' });
    // These two, and the test launch session its bet above was placed with.
    expect(suspended).toMatchObject({ status: 200, body: { status: 'suspended', sessionsRevoked: 3 } });
    await h.waitFor(
      (e): e is EventOf<'PlayerSessionRevoked'> =>
        e.type === 'PlayerSessionRevoked' &&
        e.operatorId === 'op-a' &&
        e.playerId === '42' &&
        e.reason === 'player-suspended',
    );
    const open: unknown[] = await h.ds.query(
      `SELECT 1 FROM ledger_player_sessions WHERE operator_id = 'op-a' AND player_id = '42' AND revoked_at IS NULL`,
    );
    expect(open).toEqual([]);
    expect(await dep(a, '42', 'susp-1', '100')).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_SUSPENDED' },
    });
    expect(await call(a, 'POST', '/v1/sessions', { playerId: '42', currency: 'EUR' })).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_SUSPENDED' },
    });
    // B's player 42 is another player: still active.
    expect(await call(b, 'POST', '/v1/sessions', { playerId: '42', currency: 'EUR' })).toMatchObject({
      status: 201,
    });
    expect(await call(a, 'PATCH', '/v1/players/42', { status: 'active' })).toMatchObject({
      status: 200,
      body: { status: 'active' },
    });
    expect(await dep(a, '42', 'susp-2', '100')).toMatchObject({ status: 200 });
  });

  it("puts the operator's own origins in its players' tokens, validated when they are set", async () => {
    await expect(ops.setOrigins('op-b', ['*'])).rejects.toMatchObject({ code: 'INVALID_REQUEST' });
    await expect(ops.setOrigins('op-b', ['casino-b.example'])).rejects.toMatchObject({
      code: 'INVALID_REQUEST',
    });
    await expect(ops.setOrigins('op-zz', ['https://casino-z.example'])).rejects.toMatchObject({
      code: 'OPERATOR_NOT_FOUND',
    });
    await ops.setOrigins('op-b', ['https://casino-b.example', 'https://m.casino-b.example:*']);
    const launched = await call(b, 'POST', '/v1/sessions', { playerId: 'o1', currency: 'EUR' });
    const claims = verifyPlayerToken(
      (launched.body as { token: string }).token,
      h.config.PLAYER_TOKEN_SECRET,
    );
    expect(claims).toMatchObject({
      ok: true,
      claims: { operatorId: 'op-b', origins: ['https://casino-b.example', 'https://m.casino-b.example:*'] },
    });
    // An operator without origins launches tokens without the claim (the platform's lobby only).
    const plain = await call(a, 'POST', '/v1/sessions', { playerId: 'o1', currency: 'EUR' });
    const plainClaims = verifyPlayerToken(
      (plain.body as { token: string }).token,
      h.config.PLAYER_TOKEN_SECRET,
    );
    expect(plainClaims.ok && plainClaims.claims.origins).toBeUndefined();
  });

  it("suspending an operator revokes its players' sessions at once (one OperatorSessionsRevoked), not others'", async () => {
    const d = await ops.create({ operatorId: 'op-d', name: 'D', currencies: ['EUR'] });
    for (const player of ['1', '2'])
      expect(await call(d, 'POST', '/v1/sessions', { playerId: player, currency: 'EUR' })).toMatchObject({
        status: 201,
      });
    const othersOpen = await count(
      "ledger_player_sessions WHERE operator_id <> 'op-d' AND revoked_at IS NULL",
    );
    await ops.setStatus('op-d', 'suspended');
    await ops.setStatus('op-d', 'suspended');
    const isOpD = (e: { type: string; operatorId?: string }): e is EventOf<'OperatorSessionsRevoked'> =>
      e.type === 'OperatorSessionsRevoked' && e.operatorId === 'op-d';
    await h.waitFor(isOpD);
    expect(await count("ledger_player_sessions WHERE operator_id = 'op-d' AND revoked_at IS NULL")).toBe(0);
    expect(await count("ledger_player_sessions WHERE operator_id <> 'op-d' AND revoked_at IS NULL")).toBe(
      othersOpen,
    );
    // The second suspension changed nothing and published nothing.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(h.received.filter(isOpD)).toHaveLength(1);
    expect(await call(d, 'POST', '/v1/sessions', { playerId: '1', currency: 'EUR' })).toMatchObject({
      status: 403,
      body: { code: 'OPERATOR_SUSPENDED' },
    });
    await ops.setStatus('op-d', 'active');
    expect(await call(d, 'POST', '/v1/sessions', { playerId: '1', currency: 'EUR' })).toMatchObject({
      status: 201,
    });
  });
});
