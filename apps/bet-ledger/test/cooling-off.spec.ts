import { prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { asOperator, bac, baccaratTable, newRound, place } from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { createHarness, deposit, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';

jest.setTimeout(60_000);

const A = 'cool-a';
const B = 'cool-b';
let h: Harness;
let keyA: IssuedKey;
let keyB: IssuedKey;

type Body = Record<string, unknown>;
/** A player route with the player's token (Authorization: Bearer). */
async function asPlayer(token: string | undefined, method: string, path: string, body?: unknown) {
  const res = await fetch(h.url(path), {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Body };
}

async function launch(key: IssuedKey, options: Body): Promise<{ token: string; launchUrl: string }> {
  const res = await signedCall<{ token: string; launchUrl: string }>(h.url(''), key, 'POST', '/v1/sessions', {
    playerId: '42',
    currency: 'EUR',
    ...options,
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  h = await createHarness('cooling_off');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  keyA = await ops.create({ operatorId: A, name: 'A', currencies: ['EUR', 'USD'] });
  keyB = await ops.create({ operatorId: B, name: 'B', currencies: ['EUR'] });
  await deposit(h, A, '42', 100_000n);
  await deposit(h, B, '42', 100_000n);
});
afterAll(async () => h?.close());

const bet = (operatorId: string, r: ReturnType<typeof newRound>, stake: bigint) =>
  asOperator(place(r, '42', stake, bac('player')), operatorId);

describe("the player's own responsible gambling, enforced by the ledger (Kafka + PostgreSQL)", () => {
  it('carries the reality-check interval, takes own limits where allowed, and refuses every bet during a cooling-off', async () => {
    const a = await launch(keyA, { realityCheckMinutes: 30, playerLimits: true });
    expect(new URL(a.launchUrl).searchParams.get('realityCheck')).toBe('30');
    expect(new URL(a.launchUrl).searchParams.get('playerLimits')).toBe('1');
    const b = await launch(keyB, {});
    expect(new URL(b.launchUrl).searchParams.get('realityCheck')).toBeNull();
    expect(
      (
        await signedCall(h.url(''), keyA, 'POST', '/v1/sessions', {
          playerId: '42',
          currency: 'EUR',
          realityCheckMinutes: 0,
        })
      ).body,
    ).toMatchObject({ code: 'REALITY_CHECK_INVALID' });

    expect(await asPlayer(a.token, 'GET', '/player/responsible-gambling')).toMatchObject({
      status: 200,
      body: { realityCheckMinutes: 30, playerLimits: true, coolingOffUntil: null, currency: 'EUR' },
    });
    expect((await asPlayer(undefined, 'GET', '/player/responsible-gambling')).status).toBe(401);

    // Own limits: A's launch allows them, B's does not.
    const own = await asPlayer(a.token, 'PUT', '/player/limits', { maxStake: '500', dailyLoss: '20000' });
    expect(own).toMatchObject({ status: 200, body: { limits: { maxStake: { current: '500' } } } });
    expect(await asPlayer(b.token, 'PUT', '/player/limits', { maxStake: '500' })).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_LIMITS_NOT_ALLOWED' },
    });
    expect((await asPlayer(a.token, 'PUT', '/player/limits', { maxStake: '-1' })).status).toBe(400);

    const r1 = newRound('baccarat');
    await openRound(h, r1, baccaratTable());
    const over = bet(A, r1, 600n);
    const within = bet(A, r1, 400n);
    const d1 = await decide(h, over, within);
    expect([over, within].map((c) => codeOf(d1.get(c.id)))).toEqual(['ABOVE_PERSONAL_LIMIT', 'ACCEPTED']);

    // A break of a day: every currency of the operator; a shorter one asked later does not end it early.
    expect((await asPlayer(a.token, 'POST', '/player/cooling-off', { hours: 0 })).status).toBe(400);
    const cool = await asPlayer(a.token, 'POST', '/player/cooling-off', { hours: 24 });
    expect(cool.status).toBe(201);
    const until = Date.parse(String(cool.body.coolingOffUntil));
    expect(until).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    const shorter = await asPlayer(a.token, 'POST', '/player/cooling-off', { hours: 1 });
    expect(Date.parse(String(shorter.body.coolingOffUntil))).toBe(until);
    expect(
      await h.ds.query(
        `SELECT currency FROM ledger_gambling_limits WHERE operator_id = $1 AND kind = 'cooling_off' ORDER BY 1`,
        [A],
      ),
    ).toEqual([{ currency: 'EUR' }, { currency: 'USD' }]);

    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const during = bet(A, r2, 100n);
    const otherOperator = bet(B, r2, 100n);
    const d2 = await decide(h, during, otherOperator);
    expect(codeOf(d2.get(during.id))).toBe('COOLING_OFF');
    expect(codeOf(d2.get(otherOperator.id))).toBe('ACCEPTED');

    // Once the break is over (its end moved into the past here), bets are decided as before.
    await h.ds.query(
      `UPDATE ledger_gambling_limits SET amount = $2 WHERE operator_id = $1 AND kind = 'cooling_off'`,
      [A, String(Date.now() - 1000)],
    );
    expect((await asPlayer(a.token, 'GET', '/player/responsible-gambling')).body.coolingOffUntil).toBeNull();
    const after = bet(A, r2, 100n);
    expect(codeOf((await decide(h, after)).get(after.id))).toBe('ACCEPTED');
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it("ends betting in a session at the player's own session-time limit, which only ever shortens", async () => {
    const a = await launch(keyA, { playerLimits: true });
    const b = await launch(keyB, {});
    expect(await asPlayer(b.token, 'PUT', '/player/limits', { sessionMinutes: 30 })).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_LIMITS_NOT_ALLOWED' },
    });
    for (const sessionMinutes of [0, 1441, 2.5])
      expect((await asPlayer(a.token, 'PUT', '/player/limits', { sessionMinutes })).status).toBe(400);
    const set = await asPlayer(a.token, 'PUT', '/player/limits', { sessionMinutes: 30 });
    expect(set).toMatchObject({ status: 200, body: { sessionTimeLimit: { minutes: 30 } } });
    const endsAt = Date.parse(String((set.body.sessionTimeLimit as Body).endsAt));
    expect(endsAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    // A longer one asked later does not lengthen the session.
    const longer = await asPlayer(a.token, 'PUT', '/player/limits', { sessionMinutes: 90 });
    expect(longer.body.sessionTimeLimit).toMatchObject({ minutes: 30 });

    const sid = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString()).sid;
    const inSession = (token: string, stake: bigint, r: ReturnType<typeof newRound>) => ({
      ...bet(A, r, stake),
      playerToken: token,
    });
    const r = newRound('baccarat');
    await openRound(h, r, baccaratTable());
    const before = inSession(a.token, 100n, r);
    expect(codeOf((await decide(h, before)).get(before.id))).toBe('ACCEPTED');

    // The session started 31 minutes ago (moved here): its bets are refused, without a security alert; a new
    // launch session of the same player bets again.
    await h.ds.query(
      `UPDATE ledger_player_sessions SET created_at = now() - interval '31 minutes' WHERE session_id = $1`,
      [sid(a.token)],
    );
    const late = inSession(a.token, 100n, r);
    const fresh = await launch(keyA, { playerLimits: true });
    const next = inSession(fresh.token, 100n, r);
    const d = await decide(h, late, next);
    expect([late, next].map((c) => codeOf(d.get(c.id)))).toEqual(['SESSION_TIME_LIMIT', 'ACCEPTED']);
    expect(
      await h.ds.query(`SELECT code FROM ledger_command_refusals WHERE event_id = $1`, [late.id]),
    ).toEqual([]);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
