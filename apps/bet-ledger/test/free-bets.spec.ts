import { EventOf, prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  asOperator,
  bac,
  baccaratResult,
  baccaratTable,
  cancel,
  closed,
  isRefunded,
  isSettled,
  newRound,
  place,
  voided,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound } from './support/flow';
import { signedCall } from './support/operator-api';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

const OPID = 'free-a';
let h: Harness;
let a: IssuedKey;
let b: IssuedKey;
let seamless: IssuedKey;
beforeAll(async () => {
  h = await createHarness('free-bets');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  a = await ops.create({ operatorId: OPID, name: 'A', currencies: ['EUR'] });
  b = await ops.create({ operatorId: 'free-b', name: 'B', currencies: ['EUR'] });
  seamless = await ops.create({ operatorId: 'free-s', name: 'S', currencies: ['EUR'] });
  await ops.setWallet('free-s', 'seamless', 'http://127.0.0.1:9/wallet');
});
afterAll(async () => h?.close());

type Body = Record<string, unknown>;
const call = (key: IssuedKey, method: string, path: string, body?: unknown) =>
  signedCall<Body>(h.url(''), key, method, path, body);
const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
const grant = (player: string, grantId: string, over: Body = {}, key = a) =>
  call(key, 'POST', `/v1/players/${player}/free-bets`, {
    grantId,
    currency: 'EUR',
    game: 'baccarat',
    stake: '100',
    count: 2,
    expiresAt,
    ...over,
  });
const wallet = async (player: string) =>
  (
    await h.ds.query(
      `SELECT balance::text FROM wallet_accounts WHERE kind = 'player' AND operator_id = $1 AND player_id = $2`,
      [OPID, player],
    )
  )[0]?.balance;
const promotion = async () =>
  (
    await h.ds.query(
      `SELECT balance::text FROM wallet_accounts WHERE kind = 'free_bets' AND operator_id = $1`,
      [OPID],
    )
  )[0]?.balance;
const used = async (grantId: string) =>
  (await h.ds.query(`SELECT used FROM ledger_free_bets WHERE grant_id = $1`, [grantId]))[0]?.used;
const bet = (r: ReturnType<typeof newRound>, player: string, stake: bigint, spec = bac('player')) =>
  asOperator(place(r, player, stake, spec), OPID);
const playerWins = (r: ReturnType<typeof newRound>) => baccaratResult(r, ['9S', '3C', 'KH', '4D']);
const bankerWins = (r: ReturnType<typeof newRound>) => baccaratResult(r, ['3C', '9S', '4D', 'KH']);
const settle = async (r: ReturnType<typeof newRound>, result: EventOf<'RoundResult'>) => {
  await h.send(closed(r), result);
  await h.waitFor(isSettled(r));
};
const failed = async () => (await h.checks()).filter((c) => !c.ok);

describe('free bets', () => {
  it('grants once per grantId, refuses a reused id, a bad stake and Fan Tan, and scopes by operator', async () => {
    const first = await grant('p0', 'fb-0');
    expect(first).toMatchObject({
      status: 200,
      body: { grantId: 'fb-0', game: 'baccarat', tableId: null, stake: '100', count: 2, used: 0 },
    });
    const again = await grant('p0', 'fb-0');
    expect(again.body.freeBetId).toBe(first.body.freeBetId);
    expect(await grant('p0', 'fb-0', { count: 3 })).toMatchObject({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(await grant('p0', 'fb-x', { stake: '-5' })).toMatchObject({ body: { code: 'INVALID_AMOUNT' } });
    expect(await grant('p0', 'fb-y', { game: 'fanTan' })).toMatchObject({
      body: { code: 'INVALID_REQUEST' },
    });
    // Another operator's grant id space and players are its own.
    expect(await grant('p0', 'fb-0', { count: 3 }, b)).toMatchObject({ status: 200, body: { count: 3 } });
    expect(await call(a, 'GET', '/v1/players/p0/free-bets', undefined)).toMatchObject({
      status: 200,
      body: { items: [{ grantId: 'fb-0', count: 2 }] },
    });
  });

  it("refuses an expiry out of range, a seamless operator's bonus winnings and a suspended player", async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    for (const at of [inDays(-1), inDays(367)])
      expect(await grant('p-x', 'fb-expiry', { expiresAt: at })).toMatchObject({
        status: 400,
        body: { code: 'INVALID_REQUEST', message: 'expiresAt must be in the future, within 366 days' },
      });
    // A seamless operator grants free bets paying cash (test/seamless-wallet.spec.ts plays one), never bonus money.
    const bonus = { wageringMultiple: 1, expiresAt: inDays(2) };
    expect(await grant('p-x', 'fb-seamless', { winningsAs: 'bonus', bonus }, seamless)).toMatchObject({
      status: 409,
      body: { code: 'BONUS_NOT_SUPPORTED' },
    });
    expect(await grant('p-x', 'fb-seamless', {}, seamless)).toMatchObject({ status: 200 });
    expect(await call(a, 'PATCH', '/v1/players/p-off', { status: 'suspended' })).toMatchObject({
      status: 200,
    });
    expect(await grant('p-off', 'fb-off')).toMatchObject({ status: 403, body: { code: 'PLAYER_SUSPENDED' } });
    expect((await call(a, 'GET', '/v1/players/p-off/free-bets')).body).toEqual({ items: [] });
  });

  it('pays a free bet from the promotion book and the player only its winnings; a bet of another stake is not one', async () => {
    expect(await grant('p1', 'fb-1')).toMatchObject({ status: 200 });
    const r1 = newRound('baccarat');
    await openRound(h, r1, baccaratTable());
    // The player holds no cash: a bet of another stake is refused, one of exactly the free bet's stake uses it.
    const other = bet(r1, 'p1', 200n);
    expect(codeOf((await decide(h, other)).get(other.id))).toBe('INSUFFICIENT_FUNDS');
    const b1 = bet(r1, 'p1', 100n);
    expect(codeOf((await decide(h, b1)).get(b1.id))).toBe('ACCEPTED');
    expect(await wallet('p1')).toBe('0');
    expect(await promotion()).toBe('-100');
    expect(await used('fb-1')).toBe(1);
    // Player wins 1:1: 200 back, 100 of it the winnings (the player's), 100 the stake (back to the book).
    await settle(r1, playerWins(r1));
    expect(await wallet('p1')).toBe('100');
    expect(await promotion()).toBe('0');
    const [credit] = await h.waitFor(
      (e): e is EventOf<'BalanceChanged'> =>
        e.type === 'BalanceChanged' && e.playerId === 'p1' && e.reason === 'settlement',
    );
    expect(credit).toMatchObject({ delta: 100n, balance: 100n });

    // The second free bet loses: the book pays it; the third bet of 100 is the player's own cash.
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const b2 = bet(r2, 'p1', 100n);
    const b3 = bet(r2, 'p1', 100n);
    const decided = await decide(h, b2, b3);
    expect(codeOf(decided.get(b2.id))).toBe('ACCEPTED');
    expect(codeOf(decided.get(b3.id))).toBe('ACCEPTED');
    expect(await wallet('p1')).toBe('0');
    expect(await promotion()).toBe('-100');
    expect(await used('fb-1')).toBe(2);
    await settle(r2, bankerWins(r2));
    expect(await wallet('p1')).toBe('0');
    expect(await promotion()).toBe('-100');
    expect(await failed()).toEqual([]);
  });

  it('gives a free bet back on a cancel and on a void, and keeps a table grant to its table', async () => {
    const book = await promotion();
    const r = newRound('baccarat');
    expect(await grant('p2', 'fb-2', { count: 1, tableId: r.tableId })).toMatchObject({ status: 200 });
    const elsewhere = newRound('baccarat');
    await openRound(h, elsewhere, baccaratTable());
    const no = bet(elsewhere, 'p2', 100n);
    expect(codeOf((await decide(h, no)).get(no.id))).toBe('INSUFFICIENT_FUNDS');

    await openRound(h, r, baccaratTable());
    const b1 = bet(r, 'p2', 100n);
    expect(codeOf((await decide(h, b1)).get(b1.id))).toBe('ACCEPTED');
    expect(await used('fb-2')).toBe(1);
    const c = asOperator(cancel(r, 'p2', { betCommandId: b1.id }), OPID);
    expect(cancelCodeOf((await decideCancels(h, c)).get(c.id))).toBe('CANCELLED');
    expect(await used('fb-2')).toBe(0);
    expect(await wallet('p2')).toBe('0');

    const b2 = bet(r, 'p2', 100n);
    expect(codeOf((await decide(h, b2)).get(b2.id))).toBe('ACCEPTED');
    await h.send(voided(r));
    await h.waitFor(isRefunded(r));
    expect(await used('fb-2')).toBe(0);
    expect(await wallet('p2')).toBe('0');
    expect(await promotion()).toBe(book);
    expect(await failed()).toEqual([]);
  });

  it("pays a grant's winnings as bonus money under its terms: a bonus of its own, turned over into cash", async () => {
    const terms = { winningsAs: 'bonus', bonus: { wageringMultiple: 1, expiresAt } };
    expect(await grant('p3', 'fb-3x', { winningsAs: 'bonus' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
    expect(await grant('p3', 'fb-3x', { bonus: terms.bonus })).toMatchObject({
      body: { code: 'INVALID_REQUEST' },
    });
    const early = { ...terms.bonus, expiresAt: new Date(Date.now() + 3_600_000).toISOString() };
    expect(await grant('p3', 'fb-3x', { ...terms, bonus: early })).toMatchObject({
      body: { code: 'INVALID_REQUEST', message: 'the bonus may not expire before the free bets' },
    });
    expect(await grant('p3', 'fb-3', { ...terms, count: 1 })).toMatchObject({
      status: 200,
      body: { winningsAs: 'bonus', bonusGrantId: 'free-bets:fb-3' },
    });
    // The grant's bonus is the player's one active bonus from the grant on, at 0 until a free bet wins.
    const bonusOf = async () =>
      ((await call(a, 'GET', '/v1/players/p3/bonuses')).body.items as Body[]).find(
        (x) => x.grantId === 'free-bets:fb-3',
      );
    expect(await bonusOf()).toMatchObject({ status: 'active', amount: '0', requirement: '0', balance: '0' });
    expect(
      await call(a, 'POST', '/v1/players/p3/bonuses', {
        grantId: 'b-3',
        currency: 'EUR',
        amount: '10',
        wageringMultiple: 1,
        expiresAt,
      }),
    ).toMatchObject({ status: 409, body: { code: 'BONUS_ACTIVE' } });

    // The free bet wins 100: the bonus balance, not the wallet, gets it.
    const r1 = newRound('baccarat');
    await openRound(h, r1, baccaratTable());
    const b1 = bet(r1, 'p3', 100n);
    expect(codeOf((await decide(h, b1)).get(b1.id))).toBe('ACCEPTED');
    await settle(r1, playerWins(r1));
    expect(await wallet('p3')).toBe('0');
    expect(await bonusOf()).toMatchObject({
      amount: '100',
      requirement: '100',
      balance: '100',
      wagered: '0',
    });
    const [credit] = await h.waitFor(
      (e): e is EventOf<'BalanceChanged'> =>
        e.type === 'BalanceChanged' && e.playerId === 'p3' && e.reason === 'settlement',
    );
    expect(credit).toMatchObject({ delta: 0n, balance: 0n, bonusDelta: 100n, bonusBalance: 100n });

    // Staked and won at baccarat, the winnings meet the requirement (100) and become cash.
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const b2 = bet(r2, 'p3', 100n);
    expect(codeOf((await decide(h, b2)).get(b2.id))).toBe('ACCEPTED');
    await settle(r2, playerWins(r2));
    expect(await wallet('p3')).toBe('200');
    expect(await bonusOf()).toMatchObject({ status: 'converted', wagered: '100', converted: '200' });
    expect(await failed()).toEqual([]);
  });
});
