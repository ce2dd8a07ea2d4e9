import { mintPlayerToken } from '@casino/events';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { startLobbyService, RunningLobby } from '../src/app/bootstrap';
import { loadLobbyConfig } from '../src/config/lobby-config';
import type { LobbyChanges, LobbySnapshot, LobbyTable } from '@casino/player-protocol';

const SECRET = 'lobby-test-secret-0123456789';
const WAGERING = { wagered: '1200', requirement: '50000', expiresAt: '2030-01-01T00:00:00.000Z' };

/** A stand-in game service: answers GET /tables with whatever `tables` holds (and, as the ledger, balances). */
async function fakeService(tables: { body: unknown }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (
      req.url === '/operators/op-1/players/p%201/balances' &&
      req.headers.authorization === 'Bearer bo-token'
    ) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ currency: 'EUR', balance: '123456' }]));
    } else if (
      req.url === '/operators/op-1/players/p2/balances' &&
      req.headers.authorization === 'Bearer bo-token'
    ) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify([{ currency: 'EUR', balance: '10', bonus: '5000', wagering: WAGERING }]));
    } else if (req.url === '/player/cooling-off' || req.url === '/player/limits') {
      // The ledger's player routes: what the relay sent, echoed.
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        res.statusCode = req.method === 'POST' ? 201 : 200;
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            method: req.method,
            auth: req.headers.authorization,
            type: req.headers['content-type'],
            body: JSON.parse(body),
          }),
        );
      });
    } else if (req.url === '/tables') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(tables.body));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const roulette = (phase: string, history: unknown[]) => [
  {
    tableId: 'rou-1',
    game: 'roulette',
    currency: 'EUR',
    dealer: 'auto',
    phase,
    limits: { straight: { min: '10', max: '10000' }, red: { min: '100', max: '100000' } },
    round: { roundId: 'r9', closesAt: Date.now() + 10_000 },
    history,
  },
];

/** What a lobby socket received: the rows as last pushed (snapshot, then changes), kept in arrival order. */
class LobbyWatcher {
  readonly rows = new Map<string, LobbyTable>();
  readonly changes: LobbyChanges[] = [];

  constructor(readonly socket: Socket) {
    // Listeners registered before anything arrives: several pushes may come in one read.
    socket.on('lobby:snapshot', (s: LobbySnapshot) => {
      for (const t of s.tables) this.rows.set(t.tableId, t);
    });
    socket.on('lobby:changed', (c: LobbyChanges) => {
      this.changes.push(c);
      for (const t of c.tables) this.rows.set(t.tableId, t);
    });
  }

  async until(check: () => boolean, timeoutMs = 5000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check()) {
      if (Date.now() > deadline) throw new Error('lobby did not push the expected rows in time');
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

describe('lobby service', () => {
  const rouletteTables = { body: roulette('betting', [{ roundId: 'r8', pocket: 17, colour: 'black' }]) };
  const blackjackTables = {
    body: [
      {
        tableId: 'bj-1',
        game: 'blackjack',
        currency: 'EUR',
        phase: 'dealing',
        limits: { main: { min: '500', max: '50000' } },
        rules: { blackjackPays: '6:5', variant: 'H17 6:5', houseEdge: 0.02221 },
        round: { roundId: 'b1', seats: [{ seat: 3, name: 'Player 4821' }], dealer: { cards: ['KH', null] } },
      },
    ],
  };
  let rouletteService: Awaited<ReturnType<typeof fakeService>>;
  let blackjackService: Awaited<ReturnType<typeof fakeService>>;
  let lobby: RunningLobby;
  let watcher: LobbyWatcher;
  const webRoot = mkdtempSync(join(tmpdir(), 'lobby-web-'));

  beforeAll(async () => {
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Live Casino</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1.js'), 'console.log(1)');
    rouletteService = await fakeService(rouletteTables);
    blackjackService = await fakeService(blackjackTables);
    const config = loadLobbyConfig({
      HTTP_PORT: '0',
      // Nothing listens there: the baccarat service is down all along.
      BACCARAT_SERVICE_URL: 'http://127.0.0.1:9',
      BLACKJACK_SERVICE_URL: blackjackService.url,
      ROULETTE_SERVICE_URL: rouletteService.url,
      ROULETTE_PUBLIC_URL: 'https://roulette.example.com',
      LOBBY_POLL_MS: '100',
      LOBBY_WEB_ROOT: webRoot,
      // The stand-in roulette service also answers as the ledger.
      LEDGER_URL: rouletteService.url,
      LEDGER_BACKOFFICE_TOKEN: 'bo-token',
      PLAYER_TOKEN_SECRET: SECRET,
    });
    lobby = await startLobbyService(config, ['error']);
  });

  afterAll(async () => {
    watcher?.socket.close();
    await lobby?.close();
    rouletteService?.server.close();
    blackjackService?.server.close();
  });

  it('sends every table on connection, then the rows that change', async () => {
    watcher = new LobbyWatcher(io(`${lobby.url}/lobby`, { transports: ['websocket'] }));
    // The first poll may still be under way at connection; the rows then come as changes.
    await watcher.until(() => watcher.rows.size === 2);
    expect(watcher.rows.get('rou-1')).toMatchObject({
      game: 'roulette',
      serviceUrl: 'https://roulette.example.com',
      phase: 'betting',
      limits: { min: '10', max: '100000' },
      rouletteResults: [{ roundId: 'r8', pocket: 17, colour: 'black' }],
    });
    expect(watcher.rows.get('bj-1')).toMatchObject({
      variant: '6:5',
      rulesVariant: 'H17 6:5',
      houseEdge: 0.02221,
      seats: [{ seat: 3, name: 'Player 4821' }],
      dealerUpCard: 'KH',
    });

    const pushes = watcher.changes.length;
    rouletteTables.body = roulette('result', [
      { roundId: 'r8', pocket: 17, colour: 'black' },
      { roundId: 'r9', pocket: 0, colour: 'green' },
    ]);
    await watcher.until(() => watcher.rows.get('rou-1')?.phase === 'result');
    const changed = watcher.changes.slice(pushes);
    // Only the row that changed is pushed.
    expect(changed.flatMap((c) => c.tables.map((t) => t.tableId))).toEqual(['rou-1']);
    expect(watcher.rows.get('rou-1')).toMatchObject({ closesAt: null });
    expect(watcher.rows.get('rou-1')?.rouletteResults.map((r) => r.pocket)).toEqual([17, 0]);
  });

  it("marks a service's tables offline when it stops answering", async () => {
    blackjackService.server.close();
    blackjackService.server.closeAllConnections();
    await watcher.until(() => watcher.rows.get('bj-1')?.online === false);
    const health = (await (await fetch(`${lobby.url}/health`)).json()) as { tables: number; offline: number };
    expect(health).toMatchObject({ tables: 2, offline: 1 });
  });

  it('answers the table list and one table over HTTP', async () => {
    const list = (await (await fetch(`${lobby.url}/api/tables`)).json()) as unknown[];
    expect(list).toHaveLength(2);
    const missing = await fetch(`${lobby.url}/api/tables/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'TABLE_UNKNOWN' });
  });

  it("answers a launched player's balance for a valid token only", async () => {
    const token = mintPlayerToken(
      { playerId: 'p 1', operatorId: 'op-1', currency: 'EUR', nickname: 'Ana' },
      SECRET,
    );
    const me = await fetch(`${lobby.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(await me.json()).toEqual({ currency: 'EUR', balance: '123456', nickname: 'Ana' });
    // A player with a bonus: its balance and wagering progress beside the cash.
    const withBonus = mintPlayerToken({ playerId: 'p2', operatorId: 'op-1', currency: 'EUR' }, SECRET);
    const bonus = await fetch(`${lobby.url}/api/me`, { headers: { authorization: `Bearer ${withBonus}` } });
    expect(await bonus.json()).toEqual({
      currency: 'EUR',
      balance: '10',
      nickname: null,
      bonus: '5000',
      wagering: WAGERING,
    });
    const forged = mintPlayerToken(
      { playerId: 'p 1', operatorId: 'op-1', currency: 'EUR' },
      'another-secret-0123456',
    );
    const refused = await fetch(`${lobby.url}/api/me`, { headers: { authorization: `Bearer ${forged}` } });
    expect(refused.status).toBe(401);
    expect((await fetch(`${lobby.url}/api/me`)).status).toBe(401);
  });

  it("relays the player's cooling-off and own limits to the ledger with the player's token and JSON body", async () => {
    const send = (method: string, path: string, body: unknown) =>
      fetch(`${lobby.url}${path}`, {
        method,
        headers: { authorization: 'Bearer player-token', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const cool = await send('POST', '/api/cooling-off', { hours: 24 });
    expect(cool.status).toBe(201);
    expect(await cool.json()).toEqual({
      method: 'POST',
      auth: 'Bearer player-token',
      type: 'application/json',
      body: { hours: 24 },
    });
    const limits = await send('PUT', '/api/limits', { maxStake: '500' });
    expect(await limits.json()).toMatchObject({ method: 'PUT', body: { maxStake: '500' } });
  });

  it('serves the web client at /lobby (the launch URL) and its assets', async () => {
    const page = await fetch(`${lobby.url}/lobby?token=abc&language=tr`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Live Casino');
    const asset = await fetch(`${lobby.url}/lobby/assets/app-1.js`);
    expect(await asset.text()).toBe('console.log(1)');
  });
});

describe('lobby service, a game service of two instances', () => {
  it('lists each table at the instance running it, and follows a table that moved', async () => {
    const first = { body: roulette('betting', []) };
    const second = { body: [] as unknown[] };
    const [a, b] = [await fakeService(first), await fakeService(second)];
    const lobby = await startLobbyService(
      loadLobbyConfig({
        HTTP_PORT: '0',
        BACCARAT_SERVICE_URL: 'http://127.0.0.1:9',
        BLACKJACK_SERVICE_URL: 'http://127.0.0.1:9',
        ROULETTE_SERVICE_URL: `${a.url},${b.url}`,
        ROULETTE_PUBLIC_URL: 'https://rou-a.example.com,https://rou-b.example.com',
        LOBBY_POLL_MS: '100',
      }),
      ['error'],
    );
    const watcher = new LobbyWatcher(io(`${lobby.url}/lobby`, { transports: ['websocket'] }));
    try {
      await watcher.until(() => watcher.rows.get('rou-1')?.serviceUrl === 'https://rou-a.example.com');
      // The first instance dies; the second runs the table now.
      a.server.close();
      a.server.closeAllConnections();
      second.body = roulette('betting', []);
      await watcher.until(() => watcher.rows.get('rou-1')?.serviceUrl === 'https://rou-b.example.com');
      await new Promise((r) => setTimeout(r, 300));
      expect(watcher.rows.get('rou-1')).toMatchObject({
        online: true,
        serviceUrl: 'https://rou-b.example.com',
      });
    } finally {
      watcher.socket.close();
      await lobby.close();
      a.server.close();
      b.server.close();
    }
  });

  it('refuses public URLs that do not match the instances one for one', () => {
    expect(() =>
      loadLobbyConfig({ ROULETTE_SERVICE_URL: 'http://a:1,http://b:2', ROULETTE_PUBLIC_URL: 'https://a' }),
    ).toThrow(/ROULETTE_PUBLIC_URL: 1 URL\(s\) for 2 instance\(s\)/);
  });
});
