import {
  bac,
  baccaratResult,
  baccaratTable,
  closed,
  isRefunded,
  isSettled,
  newRound,
  OP,
  place,
  rou,
  rouletteResult,
  rouletteTable,
  voided,
} from './support/builders';
import { bo, ensureOperator, staffLogin } from './support/back-office';
import { codeOf, decide, openRound } from './support/flow';
import { createHarness, deposit, Harness } from './support/ledger-harness';

jest.setTimeout(90_000);

// Reports from the rollups kept in the settlement transaction (docs/back-office.md#reports-and-their-rollups).

const PLAYER_WINS = ['9H', '2C', 'KD', '3S']; // Player 9, Banker 5
const BANKER_WINS = ['2C', '9H', '3S', 'KD']; // Player 5, Banker 9

type Figures = {
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  ggr: string;
  margin: number;
};
type Summary = { items: (Figures & { period: string; group: string | null })[]; totals: Figures[] };

let h: Harness;
let finance: string;
beforeAll(async () => {
  h = await createHarness('bo-reports');
  await h.startLedger();
  await ensureOperator(h, OP);
  finance = (await staffLogin(h, 'fin.rep', 'finance')).token;

  for (const p of ['rep-a', 'rep-b', 'rep-c']) await deposit(h, OP, p, 100_000n);
  // Two baccarat rounds and a roulette spin, settled; one more baccarat round voided.
  for (const cards of [PLAYER_WINS, BANKER_WINS]) {
    const r = newRound('baccarat', 'bac-rep');
    await openRound(h, r, baccaratTable());
    const bets = [
      place(r, 'rep-a', 1_000n, bac('player')),
      place(r, 'rep-b', 2_000n, bac('banker')),
      place(r, 'rep-c', 300n, bac('tie')),
    ];
    const d = await decide(h, ...bets);
    expect(bets.map((b) => codeOf(d.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED', 'ACCEPTED']);
    await h.send(closed(r), baccaratResult(r, cards));
    await h.waitFor(isSettled(r));
  }
  const spin = newRound('roulette', 'rou-rep');
  await openRound(h, spin, rouletteTable());
  const rbets = [
    place(spin, 'rep-a', 500n, rou({ type: 'straight', numbers: [17] })),
    place(spin, 'rep-c', 700n, rou({ type: 'red' })),
  ];
  const rd = await decide(h, ...rbets);
  expect(rbets.map((b) => codeOf(rd.get(b.id)))).toEqual(['ACCEPTED', 'ACCEPTED']);
  await h.send(closed(spin), rouletteResult(spin, 17)); // 17 is black: the straight wins 35:1, red loses
  await h.waitFor(isSettled(spin));

  const v = newRound('baccarat', 'bac-rep');
  await openRound(h, v, baccaratTable());
  const vb = place(v, 'rep-b', 400n, bac('player'));
  expect(codeOf((await decide(h, vb)).get(vb.id))).toBe('ACCEPTED');
  await h.send(voided(v));
  await h.waitFor(isRefunded(v));
});
afterAll(async () => h?.close());

/** What the ledger booked today: Σ stakes and Σ(stake − returned) of today's settled bets. */
async function booked(): Promise<{ staked: string; ggr: string; bets: string }> {
  const [row] = await h.ds.query(
    `SELECT count(*)::text AS bets, sum(stake)::text AS staked, sum(stake - returned)::text AS ggr
       FROM ledger_bet_outcomes WHERE kind = 'settled' AND at >= date_trunc('day', now(), 'UTC')`,
  );
  return row;
}

describe('reports', () => {
  it("shows today's GGR equal to what the ledger booked for settled bets and the house accounts hold", async () => {
    const res = await bo<Summary>(h, 'GET', '/back-office/reports/summary?groupBy=day&by=game', finance);
    expect(res.status).toBe(200);
    const b = await booked();
    // Baccarat: player wins +1000 back 2000, banker loses, tie loses; banker wins 0.95 → 2000+1900, etc.
    expect(res.body.totals).toEqual([
      expect.objectContaining({ currency: 'EUR', bets: b.bets, turnover: b.staked, ggr: b.ggr }),
    ]);
    const [house] = await h.ds.query(
      `SELECT coalesce(sum(balance), 0)::text AS total FROM wallet_accounts WHERE kind = 'house'`,
    );
    expect(res.body.totals[0].ggr).toBe(house.total);
    expect(b.bets).toBe('8'); // the voided round's bet is not turnover
    expect(res.body.items.map((i) => i.group).sort()).toEqual(['baccarat', 'roulette']);
    const roulette = res.body.items.find((i) => i.group === 'roulette');
    expect(roulette).toMatchObject({ bets: '2', turnover: '1200', wins: '18000', ggr: '-16800' });
    // ledger:verify's checks, the rollups' among them (they equal the settled bets per key).
    expect((await h.checks()).filter((c) => !c.ok)).toEqual([]);
  });

  it('exports CSV whose totals equal the JSON totals', async () => {
    const path = '/back-office/reports/summary?groupBy=hour&by=table';
    const json = await bo<Summary>(h, 'GET', path, finance);
    const csv = await bo(h, 'GET', `${path}&format=csv`, finance);
    expect(csv.type).toMatch(/^text\/csv/);
    const [header, ...lines] = csv.text.trim().split('\r\n');
    const cols = header.split(',');
    const sum = (name: string) =>
      lines.reduce((s, l) => s + BigInt(l.split(',')[cols.indexOf(name)]), 0n).toString();
    expect(lines).toHaveLength(json.body.items.length);
    expect({ turnover: sum('turnover'), wins: sum('wins'), ggr: sum('ggr'), bets: sum('bets') }).toEqual({
      turnover: json.body.totals[0].turnover,
      wins: json.body.totals[0].wins,
      ggr: json.body.totals[0].ggr,
      bets: json.body.totals[0].bets,
    });
    const accept = await bo(h, 'GET', path, finance, undefined, { accept: 'text/csv' });
    expect(accept.text).toBe(csv.text);
    // By player (the daily player rollup): the same totals, one row per player.
    const byPlayer = await bo<Summary>(h, 'GET', '/back-office/reports/summary?by=player', finance);
    expect(byPlayer.body.totals).toEqual(json.body.totals);
    expect(byPlayer.body.items.map((i) => i.group)).toEqual([`${OP}/rep-a`, `${OP}/rep-b`, `${OP}/rep-c`]);
    expect(
      (await bo(h, 'GET', '/back-office/reports/summary?by=player&groupBy=hour', finance)).body,
    ).toMatchObject({ code: 'INVALID_REQUEST' });
  });

  it('measures RTP per bet kind against the exact figure with its 95% band', async () => {
    const res = await bo<{ items: Record<string, unknown>[] }>(h, 'GET', '/back-office/reports/rtp', finance);
    expect(res.status).toBe(200);
    const banker = res.body.items.find((i) => i.game === 'baccarat' && i.betKind === 'banker');
    expect(banker).toMatchObject({ bets: '2', turnover: '4000', wins: '3900', measured: 0.975 });
    expect(banker?.theoretical as number).toBeCloseTo(0.98942, 5);
    expect(banker?.low95 as number).toBeLessThan(0.975);
    expect(banker?.withinBand).toBe(true);
    const straight = res.body.items.find((i) => i.betKind === 'straight');
    expect(straight).toMatchObject({ measured: 36, withinBand: false });
    expect(straight?.theoretical as number).toBeCloseTo(36 / 37, 12);
    expect((await bo(h, 'GET', '/back-office/reports/rtp?tz=Mars/Olympus', finance)).body).toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });

  it('ranks top players, lists voided rounds, a player history and a bet search', async () => {
    const top = await bo<{ items: { playerId: string; ggr: string }[] }>(
      h,
      'GET',
      '/back-office/reports/players?sort=ggr',
      finance,
    );
    // rep-c lost 2 ties and red (1300); rep-b lost 2000 on Banker then won 1900; rep-a's straight-up won 17500.
    expect(top.body.items.map((p) => [p.playerId, p.ggr])).toEqual([
      ['rep-c', '1300'],
      ['rep-b', '100'],
      ['rep-a', '-17500'],
    ]);
    const rounds = await bo<{ items: { status: string; betCount: number }[] }>(
      h,
      'GET',
      '/back-office/reports/rounds?status=voided',
      finance,
    );
    expect(rounds.body.items).toEqual([expect.objectContaining({ status: 'voided', tableId: 'bac-rep' })]);
    const history = await bo<{ items: Figures[] }>(
      h,
      'GET',
      `/back-office/players/${OP}/rep-a/history`,
      finance,
    );
    expect(history.body.items.map((d) => [d.currency, d.bets])).toEqual([
      ['EUR', '2'],
      ['EUR', '1'],
    ]);
    const bets = await bo<{ items: { status: string }[] }>(
      h,
      'GET',
      `/back-office/bets?operator=${OP}&player=rep-b`,
      finance,
    );
    expect(bets.body.items.map((b) => b.status)).toEqual(['refunded', 'settled', 'settled']);
    expect((await bo(h, 'GET', '/back-office/bets', finance)).body).toMatchObject({
      code: 'INVALID_REQUEST',
    });
  });

  it("rebuilds the same rollups from the settled bets in the migration's backfill", async () => {
    const snapshot = () =>
      h.ds.query(
        `SELECT hour, operator_id, game, table_id, currency, bet_kind, bets::text, staked::text, returned::text,
                stake_sq::text FROM ledger_report_hourly ORDER BY 1, 2, 3, 4, 5, 6`,
      );
    const players = () =>
      h.ds.query(`SELECT day::text, operator_id, player_id, currency, game, bets::text, staked::text,
                  returned::text FROM ledger_report_player_daily ORDER BY 1, 2, 3, 4, 5`);
    const before = [await snapshot(), await players()];
    expect(before[0].length).toBeGreaterThan(0);
    await h.ds.undoLastMigration({ transaction: 'all' });
    await h.ds.runMigrations({ transaction: 'all' });
    expect([await snapshot(), await players()]).toEqual(before);
  });
});
