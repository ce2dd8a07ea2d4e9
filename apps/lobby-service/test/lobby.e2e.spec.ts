import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, Socket } from 'socket.io-client';
import { startLobbyService, RunningLobby } from '../src/app/bootstrap';
import { loadLobbyConfig } from '../src/config/lobby-config';
import type { LobbyChanges, LobbySnapshot } from '../src/wire/lobby-wire';

/** A stand-in game service: answers GET /tables with whatever `tables` holds. */
async function fakeService(tables: { body: unknown }): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/tables') {
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
        rules: { blackjackPays: '3:2' },
        round: { roundId: 'b1', seats: [{ seat: 3, name: 'Player 4821' }], dealer: { cards: ['KH', null] } },
      },
    ],
  };
  let rouletteService: Awaited<ReturnType<typeof fakeService>>;
  let blackjackService: Awaited<ReturnType<typeof fakeService>>;
  let lobby: RunningLobby;
  let socket: Socket;
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
    });
    lobby = await startLobbyService(config, ['error']);
  });

  afterAll(async () => {
    socket?.close();
    await lobby?.close();
    rouletteService?.server.close();
    blackjackService?.server.close();
  });

  it('sends every table on connection, then the rows that change', async () => {
    socket = io(`${lobby.url}/lobby`, { transports: ['websocket'] });
    const snapshot = await new Promise<LobbySnapshot>((resolve) => socket.once('lobby:snapshot', resolve));
    // The first poll may still be under way at connection; the rows come as changes then.
    const tables = new Map(snapshot.tables.map((t) => [t.tableId, t]));
    while (tables.size < 2) {
      const changes = await new Promise<LobbyChanges>((resolve) => socket.once('lobby:changed', resolve));
      for (const t of changes.tables) tables.set(t.tableId, t);
    }
    expect(tables.get('rou-1')).toMatchObject({
      game: 'roulette',
      serviceUrl: 'https://roulette.example.com',
      phase: 'betting',
      limits: { min: '10', max: '100000' },
      rouletteResults: [{ roundId: 'r8', pocket: 17, colour: 'black' }],
    });
    expect(tables.get('bj-1')).toMatchObject({
      variant: '3:2',
      seats: [{ seat: 3, name: 'Player 4821' }],
      dealerUpCard: 'KH',
    });

    rouletteTables.body = roulette('result', [
      { roundId: 'r8', pocket: 17, colour: 'black' },
      { roundId: 'r9', pocket: 0, colour: 'green' },
    ]);
    const changed = await new Promise<LobbyChanges>((resolve) => socket.once('lobby:changed', resolve));
    expect(changed.tables.map((t) => t.tableId)).toEqual(['rou-1']);
    expect(changed.tables[0]).toMatchObject({ phase: 'result', closesAt: null });
    expect(changed.tables[0].rouletteResults.map((r) => r.pocket)).toEqual([17, 0]);
  });

  it("marks a service's tables offline when it stops answering", async () => {
    blackjackService.server.close();
    blackjackService.server.closeAllConnections();
    for (;;) {
      const changes = await new Promise<LobbyChanges>((resolve) => socket.once('lobby:changed', resolve));
      const bj = changes.tables.find((t) => t.tableId === 'bj-1');
      if (bj) {
        expect(bj.online).toBe(false);
        break;
      }
    }
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

  it('serves the web client at /lobby (the launch URL) and its assets', async () => {
    const page = await fetch(`${lobby.url}/lobby?token=abc&language=tr`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Live Casino');
    const asset = await fetch(`${lobby.url}/lobby/assets/app-1.js`);
    expect(await asset.text()).toBe('console.log(1)');
  });
});
