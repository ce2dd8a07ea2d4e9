import { TableConfig } from '@casino/events';
import { ExchangeRates1765710000000 } from '../src/database/migrations/1765710000000-exchange-rates';
import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
} from './support/builders';
import { codeOf, decide, openRound } from './support/flow';
import { backOffice, createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

// Converted reports (docs/back-office.md#converted-reports): the back office keeps a day's rates as decimal strings
// (numeric in PostgreSQL), every write audited; the report converts each day's figures per currency at that day's
// rate, rounded half-even in minor units, and names the days whose currencies lack a rate.

let h: Harness;
beforeAll(async () => {
  h = await createHarness('exchange_rates');
  await h.startLedger();
});
afterAll(async () => h?.close());

const lim = (min: bigint, max: bigint) => ({ min, max });
const table = (): TableConfig =>
  baccaratTable({
    currencies: {
      TRY: { limits: { player: lim(1_000n, 900_000n), banker: lim(1_000n, 900_000n) }, tableMax: {} },
      PLN: { limits: { player: lim(100n, 900_000n), banker: lim(100n, 900_000n) }, tableMax: {} },
    },
  });
const today = new Date().toISOString().slice(0, 10);
const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const call = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(h.url(path), {
    method,
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the daily rate table and the converted report', () => {
  beforeAll(async () => {
    await deposit(h, OP, 'fx-eur', 100_000n, 'EUR');
    await deposit(h, OP, 'fx-try', 1_000_000n, 'TRY');
    await deposit(h, OP, 'fx-pln', 100_000n, 'PLN');
    const r = newRound('baccarat');
    await openRound(h, r, table());
    const inCurrency = (c: string): RoundRef => ({ ...r, currency: c });
    const bets = [
      place(r, 'fx-eur', 1_001n, bac('player')),
      place(inCurrency('TRY'), 'fx-try', 123_456n, bac('banker')),
      place(inCurrency('PLN'), 'fx-pln', 5_000n, bac('player')),
    ];
    const d = await decide(h, ...bets);
    expect(bets.map((b) => codeOf(d.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    // Player 9 against Banker 5: the EUR and PLN Player bets win 1:1, the TRY Banker bet loses.
    await h.send(closed(r), baccaratResult(r, ['9S', '2H', 'KD', '3C']));
    await h.waitFor(isSettled(r), 3);
  });

  it("puts a day's rates as exact decimals, audited, and refuses floats and nonsense", async () => {
    const put = await call('PUT', `/back-office/exchange-rates/${today}`, {
      quote: 'EUR',
      rates: { TRY: '0.0265', USD: '0.92' },
      reason: 'ECB reference rates of the day',
    });
    expect(put).toMatchObject({
      status: 200,
      body: { day: today, quote: 'EUR', rates: { TRY: '0.0265', USD: '0.92' } },
    });
    const stored = (await h.ds.query(
      `SELECT rate::text AS rate FROM ledger_exchange_rates WHERE quote = 'EUR' AND currency = 'TRY'`,
    )) as { rate: string }[];
    expect(stored).toEqual([{ rate: '0.026500000000' }]);
    const audit = (await h.ds.query(
      `SELECT action, target, reason, details FROM ledger_backoffice_audit WHERE action = 'rates.put'`,
    )) as { action: string; target: string; reason: string; details: Record<string, unknown> }[];
    expect(audit).toEqual([
      {
        action: 'rates.put',
        target: `rates/EUR/${today}`,
        reason: 'ECB reference rates of the day',
        details: { rates: { TRY: '0.0265', USD: '0.92' } },
      },
    ]);
    for (const body of [
      { quote: 'EUR', rates: { TRY: 0.0265 }, reason: 'a float' },
      { quote: 'EUR', rates: { TRY: '2.65e-2' }, reason: 'an exponent' },
      { quote: 'EUR', rates: { TRY: '0' }, reason: 'zero' },
      { quote: 'EUR', rates: { EUR: '1' }, reason: 'itself' },
      { quote: 'EUR', rates: { TRY: '0.0265' } },
    ])
      expect((await call('PUT', `/back-office/exchange-rates/${today}`, body)).status).toBe(400);
    expect((await call('PUT', '/back-office/exchange-rates/2026-02-30', put.body)).status).toBe(400);
    const listed = await call('GET', `/back-office/exchange-rates?quote=EUR&from=${today}&to=${today}`);
    expect(listed.body).toEqual([{ day: today, quote: 'EUR', rates: { TRY: '0.0265', USD: '0.92' } }]);
  });

  it("converts the operator's totals at the day's rates, half-even in cents, and names what lacks a rate", async () => {
    const report = await call(
      'GET',
      `/back-office/reports/converted?in=EUR&operator=${OP}&from=${today}&to=${tomorrow}`,
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      reportingCurrency: 'EUR',
      operator: OP,
      window: { from: today, to: tomorrow },
    });
    expect(report.body.items).toEqual([
      {
        day: today,
        currency: 'EUR',
        bets: '1',
        turnover: '1001',
        wins: '2002',
        ggr: '-1001',
        rate: '1',
        converted: { turnover: '1001', wins: '2002', ggr: '-1001' },
      },
      {
        day: today,
        currency: 'PLN',
        bets: '1',
        turnover: '5000',
        wins: '10000',
        ggr: '-5000',
        rate: null,
        converted: null,
      },
      // 1,234.56 TRY × 0.0265 = 32.71584 EUR → 32.72.
      {
        day: today,
        currency: 'TRY',
        bets: '1',
        turnover: '123456',
        wins: '0',
        ggr: '123456',
        rate: '0.0265',
        converted: { turnover: '3272', wins: '0', ggr: '3272' },
      },
    ]);
    expect(report.body.totals).toEqual({ turnover: '4273', wins: '2002', ggr: '2271' });
    expect(report.body.missingRates).toEqual([{ day: today, currencies: ['PLN'] }]);
    // Once PLN has its rate the day is complete.
    await call('PUT', `/back-office/exchange-rates/${today}`, {
      quote: 'EUR',
      rates: { PLN: '0.2331' },
      reason: 'late',
    });
    const complete = await call('GET', `/back-office/reports/converted?in=EUR&operator=${OP}&from=${today}`);
    expect(complete.body.missingRates).toEqual([]);
    // PLN turnover 50.00 × 0.2331 = 11.655 EUR and GGR −11.655: ties, rounded to the even cent (11.66, −11.66).
    expect(complete.body.totals).toEqual({ turnover: '5439', wins: '4333', ggr: '1105' });
  });

  it('has a migration that goes down and up again', async () => {
    const runner = h.ds.createQueryRunner();
    try {
      await new ExchangeRates1765710000000().down(runner);
      expect(await runner.hasTable('ledger_exchange_rates')).toBe(false);
      await new ExchangeRates1765710000000().up(runner);
      expect(await runner.hasTable('ledger_exchange_rates')).toBe(true);
    } finally {
      await runner.release();
    }
  });
});
