import { OP } from './support/builders';
import { bo, ensureOperator, staffLogin } from './support/back-office';
import { createHarness, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

// The live RTP drift alarm (docs/back-office.md#live-rtp-drift-alarm), on rollup rows written here directly.

type Alert = {
  kind: string;
  key: string;
  tableId: string;
  betKind?: string;
  z?: number;
  problemCode?: string;
};

let h: Harness;
let finance: string;
let otherOperator: string;
beforeAll(async () => {
  h = await createHarness('bo-alerts');
  await h.startLedger();
  await ensureOperator(h, OP);
  await ensureOperator(h, 'op-other');
  finance = (await staffLogin(h, 'fin.alarm', 'finance')).token;
  otherOperator = (await staffLogin(h, 'pit.other', 'pit_boss', 'op-other')).token;

  // 10,000 red bets of 1.00 per hour for 3 hours: rou-hot returned 1.10 per unit (z ≈ 22), rou-fair 36/37.
  const row = `INSERT INTO ledger_report_hourly
      (hour, operator_id, game, table_id, currency, bet_kind, bets, staked, returned, stake_sq)
    SELECT date_trunc('hour', now(), 'UTC') - make_interval(hours => g), $1, 'roulette', $2, 'EUR', 'red',
           10000, 1000000, $3, 100000000
      FROM generate_series(0, 2) g`;
  await h.ds.query(row, [OP, 'rou-hot', 1_100_000]);
  await h.ds.query(row, [OP, 'rou-fair', 972_973]);
  // Hours before the window do not count: a table that paid too much two days ago is not flagged.
  await h.ds.query(
    `INSERT INTO ledger_report_hourly VALUES (date_trunc('hour', now(), 'UTC') - interval '48 hours', $1,
       'roulette', 'rou-old', 'EUR', 'red', 10000, 1000000, 2000000, 100000000)`,
    [OP],
  );
  await h.ds.query(
    `INSERT INTO ledger_shoe_reveals (table_id, shoe_id, game, commitment, reveal, rounds_dealt, rounds_checked,
       cards_matched, cards_skipped, problem_code, problem)
     VALUES ('bac-bad', 'shoe-1', 'baccarat', '{}', '{}', 10, 10, 40, 0, 'SHOE_MISMATCH', 'card 7 differs')`,
  );
});
afterAll(async () => h?.close());

it('flags the table paying far too much and the failed shoe audit, not the fair or old ones', async () => {
  const res = await bo<{ items: Alert[]; window: { hours: number } }>(
    h,
    'GET',
    '/back-office/alerts',
    finance,
  );
  expect(res.status).toBe(200);
  expect(res.body.window.hours).toBe(24);
  const keys = res.body.items.map((a) => a.key).sort();
  expect(keys).toEqual(['rtp/rou-hot/red/EUR', 'shoe/bac-bad/shoe-1']);
  const hot = res.body.items.find((a) => a.tableId === 'rou-hot');
  expect(hot?.z).toBeGreaterThan(3.29);
});

it("shows an operator's staff only its own tables", async () => {
  const res = await bo<{ items: Alert[] }>(h, 'GET', '/back-office/alerts', otherOperator);
  expect(res.status).toBe(200);
  expect(res.body.items).toEqual([]);
});

it('is refused to a role without reports.rtp', async () => {
  const support = (await staffLogin(h, 'sup.alarm', 'support')).token;
  const res = await bo(h, 'GET', '/back-office/alerts', support);
  expect(res.status).toBe(403);
});
