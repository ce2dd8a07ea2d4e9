import { gameEnvPrefix, loadLobbyConfig } from '../config/lobby-config';
import { lobbyRow, rowChanged, tableLimits } from './lobby-rows';
import {
  baccaratResultsOf,
  parseServiceTables,
  STUDIO_RECENT_RESULTS,
  studioResultsOf,
} from './service-tables';

const baccaratRow = {
  tableId: 'bac-1',
  game: 'baccarat',
  variant: 'no-commission',
  currency: 'EUR',
  dealer: 'auto',
  phase: 'betting',
  serverTime: 1000,
  limits: { player: { min: '100', max: '500000' }, tie: { min: '100', max: '50000' } },
  shoe: { shoeId: 'shoe-1', hash: 'x' },
  round: { roundId: 'r2', number: 2, closesAt: 5000, cards: [], myBets: [] },
  history: [
    {
      roundId: 'r1',
      winner: 'banker',
      playerTotal: 6,
      bankerTotal: 7,
      cards: [],
      playerPair: true,
      bankerPair: false,
    },
    { roundId: 'bad', winner: 'nobody' },
  ],
  somethingElse: { ignored: true },
};

describe('parseServiceTables', () => {
  it("keeps well-formed rows of the endpoint's game, skips another game's and says why bad rows are left out", () => {
    const parsed = parseServiceTables('baccarat', [
      baccaratRow,
      { tableId: 'x', game: 'roulette', currency: 'EUR' },
      { tableId: 'y', game: 'nope', currency: 'EUR' },
      7,
    ]);
    expect(parsed.tables.map((t) => t.tableId)).toEqual(['bac-1']);
    expect(parsed.problems).toHaveLength(2);
    // One service of several games (studio-games-service): each game's endpoint takes its own rows.
    const sicBo = { tableId: 'sb-1', game: 'sicBo', currency: 'EUR' };
    const studio = [sicBo, { tableId: 'ft-1', game: 'fanTan', currency: 'EUR' }];
    expect(parseServiceTables('sicBo', studio)).toMatchObject({ tables: [sicBo], problems: [] });
    expect(parseServiceTables('baccarat', { not: 'a list' }).problems).toEqual(['the answer is not a list']);
  });

  it('refuses amounts that are not minor units', () => {
    const bad = { ...baccaratRow, limits: { player: { min: '1.5', max: '10' } } };
    expect(parseServiceTables('baccarat', [bad]).tables).toEqual([]);
  });

  it('reads the results the roads need and skips the rest', () => {
    expect(baccaratResultsOf(baccaratRow.history)).toEqual([
      {
        roundId: 'r1',
        winner: 'banker',
        playerTotal: 6,
        bankerTotal: 7,
        playerPair: true,
        bankerPair: false,
      },
    ]);
  });
});

describe('studioResultsOf', () => {
  it("keeps a card table's results of the shoe in play, each entry's own fields", () => {
    const history = [
      { roundId: 'a', cards: ['2H', '3S'], winner: 'second', shoeId: 's0' },
      { roundId: 'b', cards: ['KH', '3S'], winner: 'first', shoeId: 's1' },
      { roundId: 'c', cards: ['9H', '9S'], winner: 'tie', shoeId: 's1' },
      { roundId: 'd', winner: 'nobody', shoeId: 's1' },
    ];
    expect(studioResultsOf(history, 's1')).toEqual([
      { roundId: 'b', winner: 'first' },
      { roundId: 'c', winner: 'tie' },
    ]);
    // A studio dealer's table has no shoe: every result.
    expect(studioResultsOf(history, null).map((r) => r.roundId)).toEqual(['a', 'b', 'c']);
  });

  it("keeps a dice or bead table's last results, well-formed ones only", () => {
    const dice = Array.from({ length: 30 }, (_, i) => ({ roundId: `r${i}`, dice: [1, 2, (i % 6) + 1] }));
    const sicBo = studioResultsOf([...dice, { roundId: 'bad', dice: [0, 7, 1] }], null);
    expect(sicBo).toHaveLength(STUDIO_RECENT_RESULTS);
    expect(sicBo.at(-1)).toEqual({ roundId: 'r29', dice: [1, 2, 6] });
    expect(studioResultsOf([{ roundId: 'f', count: 57, result: 1 }], null)).toEqual([
      { roundId: 'f', result: 1 },
    ]);
  });
});

describe('lobbyRow', () => {
  const config = loadLobbyConfig({
    BACCARAT_SERVICE_URL: 'http://127.0.0.1:3101',
    BACCARAT_PUBLIC_URL: 'https://bac.example.com/',
  });
  const [table] = parseServiceTables('baccarat', [baccaratRow]).tables;

  it('shows the table with its public service URL, limits and countdown', () => {
    const row = lobbyRow({
      table,
      endpoint: config.services[0],
      presentation: { 'bac-1': { name: 'Speed Baccarat', dealerName: 'Ana' } },
      online: true,
      baccaratResults: [],
      rouletteResults: [],
      studioResults: [],
    });
    expect(row).toMatchObject({
      tableId: 'bac-1',
      name: 'Speed Baccarat',
      dealerName: 'Ana',
      variant: 'no-commission',
      serviceUrl: 'https://bac.example.com',
      limits: { min: '100', max: '500000' },
      phase: 'betting',
      closesAt: 5000,
      shoeId: 'shoe-1',
    });
    expect(rowChanged(row, { ...row, serverTime: 99 })).toBe(false);
    expect(rowChanged(row, { ...row, phase: 'dealing' })).toBe(true);
  });

  it('carries the limits of each other currency the table takes (docs/ledger.md#currencies-per-table)', () => {
    const [multi] = parseServiceTables('baccarat', [
      { ...baccaratRow, currencies: { TRY: { limits: { player: { min: '1000', max: '300000' } } } } },
    ]).tables;
    const row = lobbyRow({
      table: multi,
      endpoint: config.services[0],
      presentation: {},
      online: true,
      baccaratResults: [],
      rouletteResults: [],
      studioResults: [],
    });
    expect(row.currencies).toEqual({
      TRY: { limits: { min: '1000', max: '300000' }, betLimits: { player: { min: '1000', max: '300000' } } },
    });
    expect(
      lobbyRow({
        table,
        endpoint: config.services[0],
        presentation: {},
        online: true,
        baccaratResults: [],
        rouletteResults: [],
        studioResults: [],
      }).currencies,
    ).toBeUndefined();
  });

  it('computes the table limits with bigint, beyond the safe integers', () => {
    expect(tableLimits({ a: { min: '5', max: '9007199254740993' }, b: { min: '2', max: '7' } })).toEqual({
      min: '2',
      max: '9007199254740993',
    });
  });
});

describe('loadLobbyConfig', () => {
  it("reads each registered game's service URLs by its id, and lists no service for a game without one", () => {
    const config = loadLobbyConfig({ ROULETTE_SERVICE_URL: 'http://a:1,http://b:2' });
    expect(config.services).toEqual([
      { game: 'roulette', url: 'http://a:1', publicUrl: 'http://a:1' },
      { game: 'roulette', url: 'http://b:2', publicUrl: 'http://b:2' },
    ]);
    expect(loadLobbyConfig({}).services).toEqual([]);
    expect(gameEnvPrefix('dragonTiger')).toBe('DRAGON_TIGER');
  });

  it('refuses at boot a game URL of a game outside the registry, or a public URL without a service', () => {
    expect(() => loadLobbyConfig({ COIN_FLIP_SERVICE_URL: 'http://a:1' })).toThrow(
      /COIN_FLIP_SERVICE_URL: no game COIN_FLIP in the registry \(games: baccarat, /,
    );
    expect(() => loadLobbyConfig({ BLACKJACK_PUBLIC_URL: 'https://bj.example.com' })).toThrow(
      /BLACKJACK_PUBLIC_URL: set without BLACKJACK_SERVICE_URL/,
    );
  });

  it('lists every problem at once', () => {
    expect(() =>
      loadLobbyConfig({ HTTP_PORT: 'x', BACCARAT_SERVICE_URL: 'ftp://x', LOBBY_TABLES: '{' }),
    ).toThrow(/HTTP_PORT[\s\S]*BACCARAT_SERVICE_URL[\s\S]*LOBBY_TABLES/);
  });
});
