import { EventOf, prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { signedCall } from './support/operator-api';
import { backOffice, createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

let h: Harness;
let a: IssuedKey;
let b: IssuedKey;
let seamless: IssuedKey;
beforeAll(async () => {
  h = await createHarness('bonus-api');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  a = await ops.create({ operatorId: 'bonus-a', name: 'A', currencies: ['EUR'] });
  b = await ops.create({ operatorId: 'bonus-b', name: 'B', currencies: ['EUR'] });
  seamless = await ops.create({ operatorId: 'bonus-s', name: 'S', currencies: ['EUR'] });
  await ops.setWallet('bonus-s', 'seamless', 'http://127.0.0.1:9/wallet');
});
afterAll(async () => h?.close());

type Body = Record<string, unknown>;
const call = (key: IssuedKey, method: string, path: string, body?: unknown) =>
  signedCall<Body>(h.url(''), key, method, path, body);
const inADay = () => new Date(Date.now() + 86_400_000).toISOString();
const grant = (key: IssuedKey, player: string, grantId: string, over: Body = {}) =>
  call(key, 'POST', `/v1/players/${player}/bonuses`, {
    grantId,
    currency: 'EUR',
    amount: '5000',
    wageringMultiple: 10,
    expiresAt: inADay(),
    ...over,
  });
const isBalanceChanged =
  (player: string, reason: string) =>
  (e: unknown): e is EventOf<'BalanceChanged'> =>
    (e as EventOf<'BalanceChanged'>).type === 'BalanceChanged' &&
    (e as EventOf<'BalanceChanged'>).playerId === player &&
    (e as EventOf<'BalanceChanged'>).reason === reason;

describe('bonus funds through the signed operator API', () => {
  it('grants once per grantId, shows cash and bonus apart, and refuses a reused id or a second bonus', async () => {
    const expiresAt = inADay();
    const first = await grant(a, 'p1', 'g-1', { expiresAt });
    expect(first).toMatchObject({
      status: 200,
      body: {
        grantId: 'g-1',
        amount: '5000',
        requirement: '50000',
        wagered: '0',
        status: 'active',
        balance: '5000',
      },
    });
    const again = await grant(a, 'p1', 'g-1', { expiresAt });
    expect(again.body.bonusId).toBe(first.body.bonusId);
    expect(await grant(a, 'p1', 'g-1', { expiresAt, amount: '6000' })).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await grant(a, 'p1', 'g-2')).toMatchObject({ status: 409, body: { code: 'BONUS_ACTIVE' } });
    expect(await grant(a, 'p1', 'g-3', { amount: '-1' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_AMOUNT' },
    });
    expect(await grant(a, 'p1', 'g-4', { games: ['poker'] })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
    expect(await grant(a, 'p1', 'g-6', { games: ['baccarat', 'fanTan'] })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST', message: 'bonus funds may never be staked at fanTan' },
    });
    expect(await grant(a, 'p1', 'g-5', { currency: 'USD' })).toMatchObject({
      status: 400,
      body: { code: 'CURRENCY_NOT_SUPPORTED' },
    });

    const [changed] = await h.waitFor(isBalanceChanged('p1', 'bonus-grant'));
    expect(changed).toMatchObject({ delta: 0n, balance: 0n, bonusBalance: 5000n, bonusDelta: 5000n });
    expect((await call(a, 'GET', '/v1/players/p1/balances')).body).toEqual([
      // With the active bonus's wagering progress.
      {
        currency: 'EUR',
        balance: '0',
        bonus: '5000',
        wagering: { wagered: '0', requirement: '50000', expiresAt },
      },
    ]);
    // Another operator's player "p1" is another player: no bonus, and A's grant is not B's to forfeit.
    expect((await call(b, 'GET', '/v1/players/p1/bonuses')).body).toEqual({ items: [] });
    expect(await call(b, 'POST', '/v1/players/p1/bonuses/g-1/forfeit', { reason: 'not mine' })).toMatchObject(
      { status: 404, body: { code: 'BONUS_NOT_FOUND' } },
    );
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('refuses an expiry out of range, a seamless operator and a suspended player', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (const expiresAt of [inDays(-1), inDays(367)])
      expect(await grant(a, 'p-x', 'g-expiry', { expiresAt })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REQUEST', message: 'expiresAt must be in the future, within 366 days' },
      });
    expect(await grant(seamless, 'p-x', 'g-seamless')).toMatchObject({
      status: 409,
      body: { code: 'BONUS_NOT_SUPPORTED' },
    });
    expect(await call(a, 'PATCH', '/v1/players/p-off', { status: 'suspended' })).toMatchObject({
      status: 200,
    });
    expect(await grant(a, 'p-off', 'g-off')).toMatchObject({
      status: 403,
      body: { code: 'PLAYER_SUSPENDED' },
    });
    expect((await call(a, 'GET', '/v1/players/p-off/bonuses')).body).toEqual({ items: [] });
  });

  it('forfeits what is left, booked and audited; forfeiting again answers the same', async () => {
    await grant(a, 'p2', 'g-p2', { amount: '700' });
    const forfeited = await call(a, 'POST', '/v1/players/p2/bonuses/g-p2/forfeit', { reason: 'abuse' });
    expect(forfeited).toMatchObject({
      status: 200,
      body: { status: 'forfeited', forfeited: '700', balance: '0' },
    });
    expect(await call(a, 'POST', '/v1/players/p2/bonuses/g-p2/forfeit', { reason: 'abuse' })).toMatchObject({
      status: 200,
      body: { status: 'forfeited', forfeited: '700' },
    });
    const [changed] = await h.waitFor(isBalanceChanged('p2', 'bonus-forfeit'));
    expect(changed).toMatchObject({ delta: 0n, bonusBalance: 0n, bonusDelta: -700n });
    const books = await h.ds.query(
      `SELECT kind, balance::text FROM wallet_accounts WHERE operator_id = 'bonus-a' AND kind LIKE 'bonus%'
       AND (player_id = 'p2' OR player_id IS NULL) ORDER BY kind`,
    );
    expect(books).toEqual([
      { kind: 'bonus', balance: '0' },
      { kind: 'bonus_converted', balance: '0' },
      { kind: 'bonus_forfeited', balance: '700' },
      { kind: 'bonus_granted', balance: '-5700' },
    ]);
    const audit = await h.ds.query(
      `SELECT a.action, a.amount::text, a.actor, a.reason FROM ledger_bonus_audit a JOIN ledger_bonuses b USING (bonus_id)
       WHERE b.grant_id = 'g-p2' ORDER BY a.id`,
    );
    expect(audit).toEqual([
      { action: 'grant', amount: '700', actor: 'operator:bonus-a', reason: 'g-p2' },
      { action: 'forfeit', amount: '700', actor: 'operator:bonus-a', reason: 'abuse' },
    ]);
    // A new bonus may follow an ended one.
    expect(await grant(a, 'p2', 'g-p2-next')).toMatchObject({ status: 200, body: { status: 'active' } });
    expect((await call(a, 'GET', '/v1/players/p2/bonuses')).body.items).toMatchObject([
      { grantId: 'g-p2-next', status: 'active' },
      { grantId: 'g-p2', status: 'forfeited' },
    ]);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it("reports liabilities and the day's grants and forfeits by operator in the back office", async () => {
    const res = await fetch(h.url('/back-office/reports/bonuses?operator=bonus-a'), {
      headers: backOffice(h),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { liabilities: unknown[]; items: unknown[] };
    // Active: p1's 5000 and p2's second grant (5000); ended: p2's first (700, forfeited).
    expect(body.liabilities).toEqual([
      {
        operatorId: 'bonus-a',
        currency: 'EUR',
        activeBonuses: 2,
        balance: '10000',
        wagered: '0',
        requirement: '100000',
      },
    ]);
    expect(body.items).toEqual([
      {
        operatorId: 'bonus-a',
        day: new Date().toISOString().slice(0, 10),
        currency: 'EUR',
        granted: '10700',
        grants: 3,
        converted: '0',
        forfeited: '700',
        expired: '0',
      },
    ]);
    const bad = await fetch(h.url('/back-office/reports/bonuses?from=2026-13-01'), {
      headers: backOffice(h),
    });
    expect(bad.status).toBe(400);
  });
});
