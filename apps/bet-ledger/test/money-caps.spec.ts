import { EventOf, prefixedTopics } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { DEFAULT_OPERATOR_CAPS } from '../src/operators/operator-account';
import { bac, baccaratTable, newRound, OP, place, rou, rouletteTable } from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { signedCall } from './support/operator-api';
import { backOffice, balanceOf, createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

/** The ledger of this file holds at most 1,000,000 minor units in a EUR wallet. */
const CEILING = 1_000_000n;

let h: Harness;
let ops: ManageOperators;
beforeAll(async () => {
  h = await createHarness('money-caps');
  await h.startLedger({ LEDGER_BALANCE_CEILINGS: `EUR=${CEILING}` });
  ops = new ManageOperators(h.ds, h.config.LEDGER_SECRETS_KEY, prefixedTopics(h.config.KAFKA_TOPIC_PREFIX));
});
afterAll(async () => h?.close());

const dep = (key: IssuedKey, player: string, transactionId: string, amount: string) =>
  signedCall(h.url(''), key, 'POST', `/v1/players/${player}/deposits`, {
    transactionId,
    currency: 'EUR',
    amount,
  });

const backOfficeDeposit = async (operatorId: string, playerId: string, body: Record<string, string>) => {
  const res = await fetch(h.url(`/operators/${operatorId}/players/${playerId}/deposits`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    body: JSON.stringify({ currency: 'EUR', ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

const count = async (table: string) =>
  Number((await h.ds.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n);

async function expectChecksGreen() {
  expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
}

describe('signed deposits: per-operator caps, on by default', () => {
  it('an operator created without caps gets the defaults: a deposit near 2^63 is refused', async () => {
    const key = await ops.create({ operatorId: 'op-default', name: 'Default', currencies: ['EUR'] });
    const [row] = await h.ds.query(
      `SELECT max_deposit::text AS d, max_daily_deposits::text AS day FROM ledger_operators WHERE operator_id = $1`,
      ['op-default'],
    );
    expect(row).toEqual({
      d: DEFAULT_OPERATOR_CAPS.maxDeposit.toString(),
      day: DEFAULT_OPERATOR_CAPS.maxDailyDeposits.toString(),
    });
    const entries = await count('wallet_entries');
    expect(await dep(key, 'p1', 'huge', '9223372036854775000')).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_EXCEEDED' },
    });
    expect(await count('wallet_entries')).toBe(entries);
    // The operator's next deposit goes through: nothing was exhausted.
    expect(await dep(key, 'p1', 'normal', '5000')).toMatchObject({ status: 200, body: { balance: '5000' } });
  });

  it('caps the deposits of a UTC day per operator and currency; set per operator, refusals replay', async () => {
    const key = await ops.create({ operatorId: 'op-daily', name: 'Daily', currencies: ['EUR'] });
    const other = await ops.create({ operatorId: 'op-other', name: 'Other', currencies: ['EUR'] });
    expect(await ops.setCaps('op-daily', { maxDeposit: 1_000n, maxDailyDeposits: 2_500n })).toEqual({
      maxDeposit: 1_000n,
      maxDailyDeposits: 2_500n,
    });
    expect(await dep(key, 'a', 'd-0', '1001')).toMatchObject({
      status: 409,
      body: { code: 'LIMIT_EXCEEDED' },
    });
    expect(await dep(key, 'a', 'd-1', '1000')).toMatchObject({ status: 200 });
    expect(await dep(key, 'b', 'd-2', '1000')).toMatchObject({ status: 200 });
    const over = await dep(key, 'c', 'd-3', '1000');
    expect(over).toMatchObject({ status: 409, body: { code: 'DAILY_DEPOSIT_LIMIT_EXCEEDED' } });
    // The same transaction gets the same refusal, even after room is made.
    expect(await dep(key, 'c', 'd-4', '500')).toMatchObject({ status: 200 });
    expect(await dep(key, 'c', 'd-5', '1')).toMatchObject({
      status: 409,
      body: { code: 'DAILY_DEPOSIT_LIMIT_EXCEEDED' },
    });
    expect(await dep(key, 'c', 'd-3', '1000')).toMatchObject({
      status: 409,
      body: { code: 'DAILY_DEPOSIT_LIMIT_EXCEEDED' },
    });
    // Another operator's day is its own.
    expect(await dep(other, 'a', 'd-1', '1000')).toMatchObject({ status: 200 });
    // Only a positive cap below 2^63, and only of a known operator.
    await expect(ops.setCaps('op-daily', { maxDailyDeposits: 0n })).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
    await expect(ops.setCaps('op-nope', { maxDeposit: 5n })).rejects.toMatchObject({
      code: 'OPERATOR_NOT_FOUND',
    });
    // Raised: the day goes on.
    await ops.setCaps('op-daily', { maxDailyDeposits: 3_000n });
    expect(await dep(key, 'c', 'd-6', '500')).toMatchObject({ status: 200 });
    await expectChecksGreen();
  });
});

describe('the balance ceiling', () => {
  it('refuses a deposit that would take a wallet above it, signed or from the back office', async () => {
    const key = await ops.create({
      operatorId: 'op-ceiling',
      name: 'Ceiling',
      currencies: ['EUR'],
      maxDeposit: 10_000_000n,
    });
    expect(await dep(key, 'rich', 'c-1', '999000')).toMatchObject({ status: 200 });
    expect(await dep(key, 'rich', 'c-2', '1001')).toMatchObject({
      status: 409,
      body: { code: 'BALANCE_CEILING_EXCEEDED' },
    });
    expect(await dep(key, 'rich', 'c-3', '1000')).toMatchObject({
      status: 200,
      body: { balance: '1000000' },
    });
    expect(
      await backOfficeDeposit('op-ceiling', 'rich', { amount: '1', idempotencyKey: 'bo-1' }),
    ).toMatchObject({
      status: 409,
      body: { code: 'BALANCE_CEILING_EXCEEDED' },
    });
    expect(await backOfficeDeposit(OP, 'fresh', { amount: '1000001', idempotencyKey: 'bo-2' })).toMatchObject(
      {
        status: 409,
        body: { code: 'BALANCE_CEILING_EXCEEDED' },
      },
    );
    expect(await balanceOf(h, OP, 'fresh')).toBe(0n);
  });

  it('refuses a bet whose largest payout could take the wallet above it, with its own code', async () => {
    await backOfficeDeposit(OP, 'near', { amount: '990000', idempotencyKey: 'near-1' });
    const r = newRound('roulette');
    await openRound(h, r, rouletteTable());
    // 990,000 − 1,000 + 36 × 1,000 = 1,025,000 > 1,000,000; an even-money bet fits: 989,000 + 2,000.
    const straight = place(r, 'near', 1_000n, rou({ type: 'straight', numbers: [17] }));
    const red = place(r, 'near', 1_000n, rou({ type: 'red' }));
    const decided = await decide(h, straight, red);
    expect(codeOf(decided.get(straight.id))).toBe('BALANCE_CEILING_EXCEEDED');
    expect(codeOf(decided.get(red.id))).toBe('ACCEPTED');
    const rejected = decided.get(straight.id) as EventOf<'BetRejected'>;
    expect(rejected.message).toContain('1000000');
    expect(await balanceOf(h, OP, 'near')).toBe(989_000n);
    const b = newRound('baccarat');
    await openRound(h, b, baccaratTable());
    const small = place(b, 'near', 100n, bac('player'));
    expect(codeOf((await decide(h, small)).get(small.id))).toBe('ACCEPTED');
    await expectChecksGreen();
  });
});

describe("the back office's deposits: keys scoped by operator, 409 on reuse with another request", () => {
  it('refuses another player, amount or currency under a used key and changes nothing', async () => {
    const first = await backOfficeDeposit(OP, 'alice', { amount: '700', idempotencyKey: 'shared-key' });
    expect(first).toMatchObject({ status: 200, body: { duplicate: false, balance: '700' } });
    expect(
      await backOfficeDeposit(OP, 'alice', { amount: '700', idempotencyKey: 'shared-key' }),
    ).toMatchObject({
      status: 200,
      body: { duplicate: true, balance: '700' },
    });
    const entries = await count('wallet_entries');
    for (const [player, amount] of [
      ['bob', '700'],
      ['alice', '800'],
      ['bob', '900'],
    ])
      expect(await backOfficeDeposit(OP, player, { amount, idempotencyKey: 'shared-key' })).toMatchObject({
        status: 409,
        body: { code: 'IDEMPOTENCY_KEY_REUSED' },
      });
    expect(await count('wallet_entries')).toBe(entries);
    expect(await balanceOf(h, OP, 'bob')).toBe(0n);
    expect(await balanceOf(h, OP, 'alice')).toBe(700n);
    // Another operator's same key is another key.
    expect(
      await backOfficeDeposit('op-else', 'bob', { amount: '900', idempotencyKey: 'shared-key' }),
    ).toMatchObject({
      status: 200,
      body: { duplicate: false, balance: '900' },
    });
  });

  it('operator a:b with key c and operator a with key b:c are two deposits', async () => {
    expect(await backOfficeDeposit('a:b', 'p', { amount: '100', idempotencyKey: 'c' })).toMatchObject({
      status: 200,
      body: { duplicate: false, balance: '100' },
    });
    expect(await backOfficeDeposit('a', 'p', { amount: '100', idempotencyKey: 'b:c' })).toMatchObject({
      status: 200,
      body: { duplicate: false, balance: '100' },
    });
    expect(await balanceOf(h, 'a', 'p')).toBe(100n);
    expect(await balanceOf(h, 'a:b', 'p')).toBe(100n);
    await expectChecksGreen();
  });
});
