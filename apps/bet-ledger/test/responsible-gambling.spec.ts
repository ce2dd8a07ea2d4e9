import { prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  asOperator,
  bac,
  baccaratResult,
  baccaratTable,
  cancel,
  closed,
  isSettled,
  newRound,
  place,
  RoundRef,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound, settleWait, sleep } from './support/flow';
import { signedCall } from './support/operator-api';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(60_000);

/** A raise waits this long (about 3.6 s) in this test instead of the default 24 h. */
const RAISE_DELAY_HOURS = '0.001';

let h: Harness;
let a: IssuedKey;
let b: IssuedKey;
beforeAll(async () => {
  h = await createHarness('gambling');
  await h.startLedger({ LEDGER_LIMIT_RAISE_DELAY_HOURS: RAISE_DELAY_HOURS });
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  a = await ops.create({ operatorId: 'op-a', name: 'A', currencies: ['EUR'] });
  b = await ops.create({ operatorId: 'op-b', name: 'B', currencies: ['EUR'] });
});
afterAll(async () => h?.close());

const call = (key: IssuedKey, method: string, path: string, body?: unknown) =>
  signedCall<LimitsBody>(h.url(''), key, method, path, body);

/** What the responsible-gambling routes answer (the test reads no other body). */
interface LimitsBody {
  used: { day: Record<string, string>; week: Record<string, string> };
  limits: Record<string, { current?: string; pending?: { amount: string; effectiveAt: string } }>;
}

const limitsPath = '/v1/players/42/responsible-gambling';
const bet = (r: RoundRef, operatorId: string, stake: bigint, type: 'player' | 'banker') =>
  asOperator(place(r, '42', stake, bac(type)), operatorId);
/** Player 9 against Banker 7: banker bets lose. */
const playerWins = (r: RoundRef) => baccaratResult(r, ['9S', '3C', 'KH', '4D']);

describe('responsible-gambling limits set by the operator', () => {
  it('refuses the bet crossing the daily wager, counts settled losses, delays a raise; B’s player 42 is untouched', async () => {
    for (const key of [a, b]) {
      const dep = await call(key, 'POST', '/v1/players/42/deposits', {
        transactionId: `dep-${key.keyId}`,
        currency: 'EUR',
        amount: '100000',
      });
      expect(dep.status).toBe(200);
    }
    const set = await call(a, 'PUT', limitsPath, { currency: 'EUR', dailyWager: '1000', dailyLoss: '600' });
    expect(set).toMatchObject({
      status: 200,
      body: {
        limits: {
          dailyWager: { current: '1000' },
          dailyLoss: { current: '600' },
          maxStake: { current: null },
        },
        used: { day: { wagered: '0', netLoss: '0' } },
      },
    });
    expect(await call(a, 'PUT', limitsPath, { currency: 'EUR', dailyWager: '-1' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_AMOUNT' },
    });

    // Wager: 600 accepted, then 500 would make 1100 > 1000. B's player 42 bets far more.
    const r1 = newRound('baccarat');
    await openRound(h, r1, baccaratTable());
    const lose = bet(r1, 'op-a', 600n, 'banker');
    const over = bet(r1, 'op-a', 500n, 'banker');
    const other = bet(r1, 'op-b', 5_000n, 'player');
    const d1 = await decide(h, lose, over, other);
    expect([lose, over, other].map((c) => codeOf(d1.get(c.id)))).toEqual([
      'ACCEPTED',
      'WAGER_LIMIT_REACHED',
      'ACCEPTED',
    ]);
    await h.send(closed(r1));
    await settleWait(h, playerWins(r1), isSettled(r1));
    const used = await call(a, 'GET', `${limitsPath}?currency=EUR`);
    expect(used.body.used.day).toMatchObject({ wagered: '600', netLoss: '600' });
    expect(used.body.used.week).toMatchObject({ wagered: '600', netLoss: '600' });
    expect((await call(b, 'GET', `${limitsPath}?currency=EUR`)).body).toMatchObject({
      limits: { dailyWager: { current: null } },
      used: { day: { wagered: '5000', netLoss: '-5000' } },
    });

    // Loss: 600 lost already, any stake could take it over 600.
    const r2 = newRound('baccarat');
    await openRound(h, r2, baccaratTable());
    const capped = bet(r2, 'op-a', 100n, 'player');
    expect(codeOf((await decide(h, capped)).get(capped.id))).toBe('LOSS_LIMIT_REACHED');

    // A raise waits out its cooling-off period; a lower limit applies at once.
    const raise = await call(a, 'PUT', limitsPath, { currency: 'EUR', dailyLoss: '10000' });
    expect(raise.body.limits.dailyLoss).toMatchObject({ current: '600', pending: { amount: '10000' } });
    const effectiveAt = Date.parse(raise.body.limits.dailyLoss.pending?.effectiveAt ?? '');
    expect(effectiveAt).toBeGreaterThan(Date.now());
    const early = bet(r2, 'op-a', 100n, 'player');
    expect(codeOf((await decide(h, early)).get(early.id))).toBe('LOSS_LIMIT_REACHED');
    await sleep(Math.max(0, effectiveAt - Date.now()) + 100);
    const late = bet(r2, 'op-a', 100n, 'player');
    expect(codeOf((await decide(h, late)).get(late.id))).toBe('ACCEPTED');
    expect((await call(a, 'GET', `${limitsPath}?currency=EUR`)).body.limits.dailyLoss).toEqual({
      current: '10000',
    });

    const lower = await call(a, 'PUT', limitsPath, { currency: 'EUR', dailyWager: '700', maxStake: '5000' });
    expect(lower.body.limits.dailyWager).toEqual({ current: '700' });
    const afterLower = bet(r2, 'op-a', 100n, 'player');
    expect(codeOf((await decide(h, afterLower)).get(afterLower.id))).toBe('WAGER_LIMIT_REACHED');
    const bStill = bet(r2, 'op-b', 20_000n, 'player');
    expect(codeOf((await decide(h, bStill)).get(bStill.id))).toBe('ACCEPTED');

    // A cancel takes its stake back out of the wager.
    const withdraw = asOperator(cancel(r2, '42', { betCommandId: bStill.id }), 'op-b');
    expect(cancelCodeOf((await decideCancels(h, withdraw)).get(withdraw.id))).toBe('CANCELLED');
    expect((await call(b, 'GET', `${limitsPath}?currency=EUR`)).body.used.day).toMatchObject({
      wagered: '5000',
    });
    // Open stakes (potential losses): A's 100 of round 2 only; B's were settled or cancelled.
    expect(
      await h.ds.query(
        `SELECT operator_id, open_stake::text FROM ledger_gambling_open WHERE player_id = '42' ORDER BY 1`,
      ),
    ).toEqual([
      { operator_id: 'op-a', open_stake: '100' },
      { operator_id: 'op-b', open_stake: '0' },
    ]);
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });
});
