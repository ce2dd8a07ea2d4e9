import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { prefixedTopics } from '@casino/events';
import { gameDefinition, RoundResultPayload } from '@casino/games';
import { IssuedKey, ManageOperators } from '../src/use-cases/manage-operators/manage-operators.use-case';
import { ManageTablesUseCase } from '../src/use-cases/manage-tables/manage-tables.use-case';
import {
  baccaratResult,
  baccaratTable,
  closed,
  defaultTable,
  isSettled,
  newRound,
  resultOf,
  rouletteResult,
  rouletteTable,
} from './support/builders';
import { openRound } from './support/flow';
import { backOffice, createHarness, Harness } from './support/ledger-harness';
import { SignedAnswer, signedCall } from './support/operator-api';
import { exactRtp, STUDIO_EXACT_RTP, STUDIO_GAMES } from './support/studio-returns';

jest.setTimeout(90_000);

let h: Harness;
let a: IssuedKey;
let b: IssuedKey;
beforeAll(async () => {
  h = await createHarness('operator_catalogue');
  await h.startLedger();
  const ops = new ManageOperators(
    h.ds,
    h.config.LEDGER_SECRETS_KEY,
    prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
  );
  a = await ops.create({
    operatorId: 'cat-a',
    name: 'A',
    currencies: ['EUR'],
    allowedOrigins: ['https://a.example', 'https://m.a.example:*'],
  });
  b = await ops.create({ operatorId: 'cat-b', name: 'B', currencies: ['USD', 'TRY'] });
});
afterAll(async () => h?.close());

type Body = Record<string, unknown>;
const call = (key: IssuedKey, method: string, path: string, body?: unknown): Promise<SignedAnswer<Body>> =>
  signedCall(h.url(''), key, method, path, body);

interface TableItem {
  tableId: string;
  game: string;
  currency: string;
  status: string;
  dealerLanguage?: string | null;
  payTable?: string;
  limits: Record<string, { min: string; max: string; vipMax?: string; rtp: number | null }>;
  lastResults: Record<string, unknown>[];
}
const tablesOf = async (key: IssuedKey, query = '') => {
  const r = await call(key, 'GET', `/v1/tables${query}`);
  expect(r.status).toBe(200);
  return (r.body as { items: TableItem[] }).items;
};

async function putTable(tableId: string, currency: string, settings: unknown, status?: 'open' | 'closed') {
  await new ManageTablesUseCase(h.ds).put(tableId, {
    variant: 'live',
    currency,
    producer: `${(settings as { game: string }).game}-service`,
    settings,
    actor: 'test',
    reason: 'catalogue test',
    ...(status ? { status } : {}),
  });
}

describe('signed catalogue: GET /v1/games and /v1/tables', () => {
  const rouEur = newRound('roulette', 'cat-roulette-eur');
  const bacEur = newRound('baccarat', 'cat-baccarat-eur');
  beforeAll(async () => {
    // Two settled rounds give each EUR table its last results (the harness registers their tables in EUR).
    await openRound(h, rouEur, rouletteTable());
    await h.send(closed(rouEur), rouletteResult(rouEur, 17));
    await openRound(h, bacEur, baccaratTable({ vipMax: { banker: 2_000_000n } }));
    // Player 9+K = 9 (a natural), Banker 3+3 = 6 (a pair): Player wins.
    await h.send(closed(bacEur), baccaratResult(bacEur, ['9H', '3C', 'KD', '3S']));
    await h.waitFor(isSettled(rouEur));
    await h.waitFor(isSettled(bacEur));
    await putTable('cat-roulette-usd', 'USD', {
      game: 'roulette',
      limits: { straight: { min: '50', max: '5000' } },
    });
    await putTable(
      'cat-roulette-try',
      'TRY',
      { game: 'roulette', limits: { red: { min: '100', max: '900000' } } },
      'closed',
    );
  });

  it("lists only the tables in the operator's currencies, with limits, exact RTP per bet and last results", async () => {
    const items = await tablesOf(a);
    expect(items.map((t) => t.tableId)).toEqual(['cat-baccarat-eur', 'cat-roulette-eur']);
    const [bac, rou] = items;
    expect(rou).toMatchObject({ game: 'roulette', currency: 'EUR', status: 'open', variant: 'test' });
    expect(rou.limits.straight).toEqual({ min: '10', max: '1000000', rtp: 36 / 37 });
    expect(rou.lastResults).toEqual([{ game: 'roulette', roundId: rouEur.roundId, pocket: 17 }]);
    expect(bac).toMatchObject({ game: 'baccarat', payTable: 'commission' });
    expect(bac.limits.banker).toMatchObject({ min: '100', max: '1000000', vipMax: '2000000' });
    // The back office's exact figures (8 decks, commission 5%): Banker 98.94 %, Player 98.76 %.
    expect(bac.limits.banker.rtp).toBeCloseTo(0.98942, 5);
    expect(bac.limits.player.rtp).toBeCloseTo(0.98765, 5);
    expect(bac.lastResults).toEqual([
      {
        game: 'baccarat',
        roundId: bacEur.roundId,
        winner: 'player',
        playerPair: false,
        bankerPair: true,
        natural: true,
      },
    ]);
  });

  it("never lists another operator's currencies, filters by game and currency, refuses a bad query", async () => {
    const forB = await tablesOf(b);
    expect(forB.map((t) => [t.tableId, t.currency, t.status])).toEqual([
      ['cat-roulette-try', 'TRY', 'closed'],
      ['cat-roulette-usd', 'USD', 'open'],
    ]);
    expect(await tablesOf(b, '?currency=EUR')).toEqual([]);
    expect((await tablesOf(b, '?currency=USD')).map((t) => t.tableId)).toEqual(['cat-roulette-usd']);
    expect((await tablesOf(a, '?game=baccarat')).map((t) => t.tableId)).toEqual(['cat-baccarat-eur']);
    expect(await call(a, 'GET', '/v1/tables?game=poker')).toMatchObject({
      status: 400,
      body: { code: 'INVALID_REQUEST' },
    });
    expect(await call(a, 'GET', '/v1/tables?tableId=x')).toMatchObject({ status: 400 });
  });

  it('lists the games with their tables in the operator currencies', async () => {
    const r = await call(b, 'GET', '/v1/games');
    expect(r.status).toBe(200);
    expect((r.body as { items: unknown[] }).items).toEqual(
      expect.arrayContaining([
        { game: 'roulette', tables: 2, openTables: 1, currencies: ['USD'], variants: ['live'] },
        { game: 'baccarat', tables: 0, openTables: 0, currencies: [], variants: [] },
      ]),
    );
  });

  it("names who deals each table and the dealer's language, as the back office sets them", async () => {
    const put = (body: Record<string, unknown>) =>
      fetch(h.url('/tables/cat-roulette-usd'), {
        method: 'PUT',
        headers: { 'content-type': 'application/json', ...backOffice(h) },
        body: JSON.stringify({
          variant: 'live',
          currency: 'USD',
          producer: 'roulette-service',
          settings: { game: 'roulette', limits: { straight: { min: '50', max: '5000' } } },
          actor: 'test',
          reason: 'dealer language',
          ...body,
        }),
      });
    const usd = async () => (await tablesOf(b, '?currency=USD'))[0];
    expect(await usd()).toMatchObject({ dealer: 'studio', dealerLanguage: null });
    expect((await put({ dealerLanguage: 'tr' })).status).toBe(200);
    expect(await usd()).toMatchObject({ dealer: 'studio', dealerLanguage: 'tr' });
    // Absent keeps it; a tag that is not BCP 47 is refused and changes nothing; null clears it.
    expect((await put({})).status).toBe(200);
    expect((await usd()).dealerLanguage).toBe('tr');
    const bad = await put({ dealerLanguage: 'Turkish' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as Body).code).toBe('INVALID_REQUEST');
    expect((await usd()).dealerLanguage).toBe('tr');
    expect((await put({ dealerLanguage: null, dealer: 'auto' })).status).toBe(200);
    expect(await usd()).toMatchObject({ dealer: 'auto', dealerLanguage: null });
  });

  it('refuses an unsigned catalogue request', async () => {
    const r = await fetch(h.url('/v1/tables'));
    expect(r.status).toBe(401);
    expect(((await r.json()) as Body).code).toBe('SIGNATURE_MISSING');
  });
});

describe('the studio games in the signed catalogue', () => {
  let c: IssuedKey;
  const tableOf = (game: string) => `cat-${game.toLowerCase()}-gbp`;
  beforeAll(async () => {
    // An operator of its own (GBP), so the tables above stay the only ones operators A and B see.
    const ops = new ManageOperators(
      h.ds,
      h.config.LEDGER_SECRETS_KEY,
      prefixedTopics(h.config.KAFKA_TOPIC_PREFIX),
    );
    c = await ops.create({ operatorId: 'cat-c', name: 'C', currencies: ['GBP'] });
    // A table of each studio game with the settings a new table gets (its definition's defaultTableConfig).
    for (const game of STUDIO_GAMES)
      await putTable(tableOf(game), 'GBP', gameDefinition(game).defaultTableConfig);
  });

  it('lists a table of each with its limits per bet kind and every bet’s exact return (more-games.md)', async () => {
    const items = await tablesOf(c);
    expect(items.map((t) => [t.tableId, t.game]).sort()).toEqual(
      STUDIO_GAMES.map((game) => [tableOf(game), game]).sort(),
    );
    for (const t of items) {
      const game = t.game as (typeof STUDIO_GAMES)[number];
      expect(t).toMatchObject({ currency: 'GBP', status: 'open', variant: 'live', lastResults: [] });
      // Every bet kind of the game has its limit, and no other.
      expect(Object.keys(t.limits).sort()).toEqual(Object.keys(STUDIO_EXACT_RTP[game]).sort());
      const defaults = gameDefinition(game).defaultTableConfig.limits as Record<
        string,
        { min: string; max: string }
      >;
      expect(t.limits).toEqual(
        Object.fromEntries(
          Object.entries(defaults).map(([kind, { min, max }]) => [
            kind,
            { min, max, rtp: expect.closeTo(exactRtp(game, kind), 12) },
          ]),
        ),
      );
    }
    // Sic Bo's and Fan Tan's pay table is shown as baccarat's is.
    expect(items.find((t) => t.game === 'sicBo')?.payTable).toBe('standard');
    expect(items.find((t) => t.game === 'fanTan')?.payTable).toBe('standard');
    expect((await tablesOf(c, '?game=dragonTiger')).map((t) => t.tableId)).toEqual([tableOf('dragonTiger')]);
  });

  it('lists the four games on GET /v1/games with their table', async () => {
    const r = await call(c, 'GET', '/v1/games');
    expect(r.status).toBe(200);
    expect((r.body as { items: unknown[] }).items).toEqual(
      expect.arrayContaining(
        STUDIO_GAMES.map((game) => ({
          game,
          tables: 1,
          openTables: 1,
          currencies: ['GBP'],
          variants: ['live'],
        })),
      ),
    );
  });

  it('shows each table’s last result in its own terms: cards and the side they decided, dice, beads', async () => {
    const results: Record<(typeof STUDIO_GAMES)[number], RoundResultPayload> = {
      dragonTiger: { game: 'dragonTiger', cards: ['KH', '3S'] },
      footballStudio: { game: 'footballStudio', cards: ['2D', '9C'] },
      sicBo: { game: 'sicBo', dice: [2, 5, 5] },
      fanTan: { game: 'fanTan', count: 87, result: 3 },
    };
    for (const game of STUDIO_GAMES) {
      const r = { ...newRound(game, tableOf(game)), currency: 'GBP' };
      await openRound(h, r, defaultTable(game));
      await h.send(closed(r), resultOf(r, results[game]));
      await h.waitFor(isSettled(r));
    }
    const last = Object.fromEntries((await tablesOf(c)).map((t) => [t.game, t.lastResults]));
    expect(last).toEqual({
      dragonTiger: [
        { game: 'dragonTiger', roundId: expect.any(String), cards: ['KH', '3S'], winner: 'first' },
      ],
      footballStudio: [
        { game: 'footballStudio', roundId: expect.any(String), cards: ['2D', '9C'], winner: 'second' },
      ],
      sicBo: [{ game: 'sicBo', roundId: expect.any(String), dice: [2, 5, 5] }],
      fanTan: [{ game: 'fanTan', roundId: expect.any(String), count: 87, result: 3 }],
    });
  });
});

describe('launch options on POST /v1/sessions', () => {
  const sessions = async () =>
    Number((await h.ds.query(`SELECT count(*)::int AS n FROM ledger_player_sessions`))[0].n);

  it('carries lobby and cashier URLs, country and device in the launch and keeps them on the session', async () => {
    const r = await call(a, 'POST', '/v1/sessions', {
      playerId: 'p-opt',
      currency: 'EUR',
      game: 'roulette',
      lobbyUrl: 'https://a.example/lobby?tab=live',
      cashierUrl: 'https://m.a.example:8443/cashier',
      country: 'DE',
      device: 'mobile',
    });
    expect(r.status).toBe(201);
    const launch = new URL(String(r.body.launchUrl));
    expect(Object.fromEntries(launch.searchParams)).toMatchObject({
      game: 'roulette',
      lobbyUrl: 'https://a.example/lobby?tab=live',
      cashierUrl: 'https://m.a.example:8443/cashier',
      country: 'DE',
      device: 'mobile',
    });
    const [row] = await h.ds.query(
      `SELECT lobby_url, cashier_url, country, device FROM ledger_player_sessions WHERE session_id = $1`,
      [r.body.sessionId],
    );
    expect(row).toEqual({
      lobby_url: 'https://a.example/lobby?tab=live',
      cashier_url: 'https://m.a.example:8443/cashier',
      country: 'DE',
      device: 'mobile',
    });
    // An operator without allowed origins may name any http(s) page.
    const free = await call(b, 'POST', '/v1/sessions', {
      playerId: 'p-opt',
      currency: 'USD',
      lobbyUrl: 'http://casino-b.example/',
    });
    expect(free.status).toBe(201);
  });

  it('refuses each bad option with its code and records no session', async () => {
    const before = await sessions();
    const cases: [Body, string][] = [
      [{ lobbyUrl: 'javascript:alert(1)' }, 'LAUNCH_URL_INVALID'],
      [{ lobbyUrl: '/lobby' }, 'LAUNCH_URL_INVALID'],
      [{ cashierUrl: 'ftp://a.example/cashier' }, 'LAUNCH_URL_INVALID'],
      [{ lobbyUrl: 'https://user:pw@a.example/' }, 'LAUNCH_URL_INVALID'],
      [{ lobbyUrl: `https://a.example/${'x'.repeat(2100)}` }, 'LAUNCH_URL_INVALID'],
      [{ lobbyUrl: 'https://evil.example/lobby' }, 'LAUNCH_URL_NOT_ALLOWED'],
      [{ cashierUrl: 'http://a.example/cashier' }, 'LAUNCH_URL_NOT_ALLOWED'],
      [{ country: 'de' }, 'COUNTRY_INVALID'],
      [{ country: 'XX' }, 'COUNTRY_INVALID'],
      [{ country: 'EU' }, 'COUNTRY_INVALID'],
      [{ device: 'tv' }, 'DEVICE_INVALID'],
      [{ device: 7 }, 'DEVICE_INVALID'],
      [{ exitUrl: 'https://a.example/' }, 'INVALID_REQUEST'],
    ];
    for (const [option, code] of cases) {
      const r = await call(a, 'POST', '/v1/sessions', { playerId: 'p-bad', currency: 'EUR', ...option });
      expect({ option, status: r.status, code: r.body.code }).toEqual({ option, status: 400, code });
    }
    expect(await sessions()).toBe(before);
  });
});

describe('the served OpenAPI', () => {
  it('is the generated operator document at /docs-json, and not served with LEDGER_API_DOCS=off', async () => {
    const generated = JSON.parse(
      readFileSync(join(__dirname, '../../../docs/openapi/operator-api.json'), 'utf8'),
    ) as Body;
    expect(await (await fetch(h.url('/docs-json'))).json()).toEqual(generated);
    await h.stopLedger();
    await h.startLedger({ LEDGER_API_DOCS: 'off' });
    expect((await fetch(h.url('/docs-json'))).status).toBe(404);
    expect((await fetch(h.url('/docs'))).status).toBe(404);
    // The API itself is unchanged.
    expect((await call(a, 'GET', '/v1/games')).status).toBe(200);
  });
});
