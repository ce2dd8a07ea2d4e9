import { EventOf, prefixedTopics, TableConfig } from '@casino/events';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import {
  bac,
  baccaratResult,
  baccaratTable,
  cancel,
  closed,
  isRefunded,
  isSettled,
  newRound,
  OP,
  place,
  RoundRef,
  voided,
} from './support/builders';
import { cancelCodeOf, codeOf, decide, decideCancels, openRound } from './support/flow';
import { balanceOf, createHarness, deposit, Harness } from './support/ledger-harness';
import { signedCall } from './support/operator-api';

jest.setTimeout(90_000);

// Currencies per table (docs/ledger.md#currencies-per-table): one baccarat table takes EUR (its own currency) and
// TRY, each against its own limit profile, on the real path (catalogue, Kafka, PostgreSQL).

let h: Harness;
beforeAll(async () => {
  h = await createHarness('currencies_per_table');
  await h.startLedger();
});
afterAll(async () => h?.close());

const lim = (min: bigint, max: bigint) => ({ min, max });
/**
 * EUR: the builders' limits (banker 1.00–10,000.00), maximum difference 10.00 (none with `eurDifference` false);
 * TRY: its own profile.
 */
const table = (eurDifference = true): TableConfig =>
  baccaratTable({
    ...(eurDifference ? { maxDifference: 1_000n } : {}),
    currencies: {
      TRY: {
        limits: { player: lim(1_000n, 300_000n), banker: lim(1_000n, 300_000n), tie: lim(1_000n, 100_000n) },
        tableMax: { tie: 2_000n },
        maxDifference: 50_000n,
      },
    },
  });
const inTry = (r: RoundRef): RoundRef => ({ ...r, currency: 'TRY' });
const code = async (cmd: EventOf<'PlaceBet'>) => codeOf((await decide(h, cmd)).get(cmd.id));

describe('one table, two currencies, each with its own limits', () => {
  it("decides EUR and TRY bets of one round against their own currency's limits; refuses a currency it does not list", async () => {
    for (const c of ['EUR', 'TRY', 'PLN']) await deposit(h, OP, 'cur-ann', 1_000_000n, c);
    await deposit(h, OP, 'cur-abe', 1_000_000n, 'TRY');
    const r = newRound('baccarat');
    await openRound(h, r, table(false));
    // 5,000.00: above TRY's banker maximum (3,000.00), within EUR's (10,000.00).
    expect(await code(place(inTry(r), 'cur-ann', 500_000n, bac('banker')))).toBe('ABOVE_TABLE_MAX');
    expect(await code(place(r, 'cur-ann', 500_000n, bac('banker')))).toBe('ACCEPTED');
    // 5.00 TRY: below TRY's minimum (10.00), though above EUR's (1.00).
    expect(await code(place(inTry(r), 'cur-abe', 500n, bac('player')))).toBe('BELOW_TABLE_MIN');
    expect(await code(place(inTry(r), 'cur-abe', 40_000n, bac('player')))).toBe('ACCEPTED');
    // Ann's 5,000.00 EUR on Banker does not count toward her TRY Banker total (TRY maximum 3,000.00).
    expect(await code(place(inTry(r), 'cur-ann', 40_000n, bac('banker')))).toBe('ACCEPTED');
    const pln = place({ ...r, currency: 'PLN' }, 'cur-ann', 1_000n, bac('player'));
    const refused = (await decide(h, pln)).get(pln.id);
    expect(codeOf(refused)).toBe('CURRENCY_MISMATCH');
    expect(refused?.type === 'BetRejected' && refused.message).toContain(
      'does not take PLN (it takes EUR, TRY)',
    );
    expect(await balanceOf(h, OP, 'cur-ann', 'PLN')).toBe(1_000_000n);
  });

  it('holds the maximum difference and table maxima per currency: bets of different currencies never sum', async () => {
    for (const p of ['cur-bob', 'cur-cy', 'cur-dan']) {
      await deposit(h, OP, p, 1_000_000n, 'EUR');
      await deposit(h, OP, p, 1_000_000n, 'TRY');
    }
    const r = newRound('baccarat');
    await openRound(h, r, table());
    // EUR: Banker 10.00, the whole EUR maximum difference.
    expect(await code(place(r, 'cur-bob', 1_000n, bac('banker')))).toBe('ACCEPTED');
    // TRY Player 10.00 does not narrow the EUR gap: another EUR 1.00 on Banker is still refused.
    expect(await code(place(inTry(r), 'cur-cy', 1_000n, bac('player')))).toBe('ACCEPTED');
    expect(await code(place(r, 'cur-dan', 100n, bac('banker')))).toBe('MAX_DIFFERENCE_EXCEEDED');
    // TRY's own maximum difference (500.00): Banker 400.00 is within it, another 200.00 is not.
    expect(await code(place(inTry(r), 'cur-bob', 40_000n, bac('banker')))).toBe('ACCEPTED');
    expect(await code(place(inTry(r), 'cur-dan', 20_000n, bac('banker')))).toBe('MAX_DIFFERENCE_EXCEEDED');
    // TRY's table maximum on Tie (20.00) counts TRY stakes only; EUR has none.
    expect(await code(place(inTry(r), 'cur-bob', 1_500n, bac('tie')))).toBe('ACCEPTED');
    expect(await code(place(inTry(r), 'cur-cy', 1_000n, bac('tie')))).toBe('TABLE_TOTAL_EXCEEDED');
    expect(await code(place(r, 'cur-cy', 5_000n, bac('tie')))).toBe('ACCEPTED');
    // A withdrawal is held to its own currency's difference: TRY Player 10.00 out leaves TRY 400.00 − 0: fine.
    const tryPlayer = (await h.ds.query(
      `SELECT bet_id FROM ledger_bets WHERE round_id = $1 AND currency = 'TRY' AND player_id = 'cur-cy'
         AND spec->>'type' = 'player'`,
      [r.roundId],
    )) as { bet_id: string }[];
    const out = { ...cancel(inTry(r), 'cur-cy', { betId: tryPlayer[0].bet_id }) };
    expect(cancelCodeOf((await decideCancels(h, out)).get(out.id))).toBe('CANCELLED');
    const totals = (await h.ds.query(`SELECT totals FROM ledger_rounds WHERE round_id = $1`, [
      r.roundId,
    ])) as {
      totals: Record<string, string>;
    }[];
    expect(totals[0].totals).toEqual({
      banker: '1000',
      tie: '5000',
      'banker@TRY': '40000',
      'tie@TRY': '1500',
    });
  });

  it('settles each currency in its own accounts, to the minor unit, and the ledger checks still hold', async () => {
    for (const c of ['EUR', 'TRY']) await deposit(h, OP, 'cur-dee', 100_000n, c);
    await deposit(h, OP, 'cur-fay', 100_000n, 'EUR');
    const r = newRound('baccarat');
    await openRound(h, r, table());
    const bets = [
      place(r, 'cur-dee', 999n, bac('player')),
      place(r, 'cur-fay', 901n, bac('banker')),
      place(inTry(r), 'cur-dee', 3_333n, bac('player')),
      place(inTry(r), 'cur-dee', 2_000n, bac('tie')),
    ];
    const d = await decide(h, ...bets);
    expect(bets.map((b) => codeOf(d.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    // Player 9+K = 9 against Banker 2+3 = 5: Player wins 1:1.
    await h.send(closed(r), baccaratResult(r, ['9S', '2H', 'KD', '3C']));
    const settled = await h.waitFor(isSettled(r), 2);
    const byCurrency = new Map(settled.map((e) => [e.currency, e] as const));
    expect([...byCurrency.keys()].sort()).toEqual(['EUR', 'TRY']);
    expect(byCurrency.get('EUR')).toMatchObject({ betCount: 2, totalStaked: 1_900n, totalReturned: 1_998n });
    expect(byCurrency.get('TRY')).toMatchObject({ betCount: 2, totalStaked: 5_333n, totalReturned: 6_666n });
    expect(await balanceOf(h, OP, 'cur-dee', 'EUR')).toBe(100_000n - 999n + 1_998n);
    expect(await balanceOf(h, OP, 'cur-fay', 'EUR')).toBe(100_000n - 901n);
    expect(await balanceOf(h, OP, 'cur-dee', 'TRY')).toBe(100_000n - 5_333n + 6_666n);
    // The house of the table in each currency: EUR −98, TRY −1,333.
    const house = (await h.ds.query(
      `SELECT currency, balance::text AS balance FROM wallet_accounts WHERE kind = 'house' AND table_id = $1
       ORDER BY currency`,
      [r.tableId],
    )) as { currency: string; balance: string }[];
    expect(house.map((a) => [a.currency.trim(), a.balance])).toEqual([
      ['EUR', '-98'],
      ['TRY', '-1333'],
    ]);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });

  it('refunds each currency of a voided round in its own currency', async () => {
    for (const c of ['EUR', 'TRY']) await deposit(h, OP, 'cur-eve', 50_000n, c);
    const r = newRound('baccarat');
    await openRound(h, r, table());
    const bets = [
      place(r, 'cur-eve', 700n, bac('banker')),
      place(inTry(r), 'cur-eve', 4_000n, bac('banker')),
    ];
    await decide(h, ...bets);
    await h.send(voided(r));
    const refunded = await h.waitFor(isRefunded(r), 2);
    expect(refunded.map((e) => [e.currency, e.totalRefunded]).sort()).toEqual([
      ['EUR', 700n],
      ['TRY', 4_000n],
    ]);
    expect(await balanceOf(h, OP, 'cur-eve', 'EUR')).toBe(50_000n);
    expect(await balanceOf(h, OP, 'cur-eve', 'TRY')).toBe(50_000n);
    expect((await h.checks()).filter((x) => !x.ok)).toEqual([]);
  });
});

describe('the catalogue lists each currency the table and the operator share', () => {
  let tryOnly: IssuedKey;
  let both: IssuedKey;
  beforeAll(async () => {
    const ops = new ManageOperators(
      h.ds,
      h.config.LEDGER_SECRETS_KEY,
      prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
    );
    tryOnly = await ops.create({ operatorId: 'cur-op-try', name: 'TRY', currencies: ['TRY', 'PLN'] });
    both = await ops.create({ operatorId: 'cur-op-both', name: 'Both', currencies: ['EUR', 'TRY'] });
    await openRound(h, newRound('baccarat', 'cur-catalogue-table'), table());
  });
  type Item = { tableId: string; currency: string; currencies: Record<string, Record<string, unknown>> };
  const tablesOf = async (key: IssuedKey) => {
    const res = await signedCall<{ items: Item[] }>(h.url(''), key, 'GET', '/v1/tables?game=baccarat');
    expect(res.status).toBe(200);
    return res.body.items.filter((t) => t.tableId === 'cur-catalogue-table');
  };

  it('shows a TRY operator the table with its TRY limits, an EUR and TRY operator both profiles', async () => {
    const [forTry] = await tablesOf(tryOnly);
    expect(forTry.currency).toBe('EUR');
    expect(Object.keys(forTry.currencies)).toEqual(['TRY']);
    expect(forTry.currencies.TRY).toMatchObject({
      maxDifference: '50000',
      limits: {
        banker: { min: '1000', max: '300000' },
        tie: { min: '1000', max: '100000', tableMax: '2000' },
      },
    });
    const [forBoth] = await tablesOf(both);
    expect(Object.keys(forBoth.currencies)).toEqual(['EUR', 'TRY']);
    expect(forBoth.currencies.EUR).toMatchObject({
      maxDifference: '1000',
      limits: { banker: { max: '1000000' } },
    });
    const games = await signedCall<{ items: { game: string; currencies: string[] }[] }>(
      h.url(''),
      tryOnly,
      'GET',
      '/v1/games',
    );
    expect(games.body.items.find((g) => g.game === 'baccarat')?.currencies).toEqual(['TRY']);
  });
});
