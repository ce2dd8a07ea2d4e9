import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_IDS } from '@casino/games';
import { GAME_CLIENTS, gameClient, PLATFORM_GAMES } from '../../src/games/clients';
import { isTable } from '../../src/net/use-lobby';

// Every registered game is listed; a game with views here is shown by its own client module, one without (a
// game whose engine is registered before its web views exist) is "not available on this client", never a crash.
describe('the per-game client modules', () => {
  it('lists the registry, in its order', () => {
    expect(PLATFORM_GAMES).toEqual(GAME_IDS);
  });

  it("keeps each game's client under its own registry id", () => {
    for (const [id, client] of Object.entries(GAME_CLIENTS)) {
      expect([id, client?.game]).toEqual([id, id]);
      expect(GAME_IDS).toContain(id);
    }
    for (const id of GAME_IDS) expect(gameClient(id)?.game).toBe(id);
  });

  it('lists every client there is (src/tables/<folder>/<name>-client.tsx): none is left out', () => {
    const tables = join(__dirname, '..', '..', 'src', 'tables');
    const modules = readdirSync(tables, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) =>
        readdirSync(join(tables, d.name))
          .filter((f) => f.endsWith('-client.tsx'))
          .map((f) => join(tables, d.name, f)),
      );
    expect(modules.length).toBeGreaterThan(0);
    // A module may export the clients of several games (tables/studio: one view for the four studio games).
    const exported = modules.flatMap((m) =>
      Object.values(jest.requireActual<Record<string, unknown>>(m)).filter(
        (v): v is { game: string } => typeof v === 'object' && v !== null && 'game' in v && 'TableView' in v,
      ),
    );
    expect(exported.map((c) => c.game).sort()).toEqual(Object.keys(GAME_CLIENTS).sort());
    for (const client of exported)
      expect(GAME_CLIENTS[client.game as keyof typeof GAME_CLIENTS]).toBe(client);
  });

  it('has no client for an id outside the registry, and none for a registered game without views', () => {
    expect(gameClient('coinFlip')).toBeNull();
    for (const id of GAME_IDS) {
      const client = gameClient(id);
      expect(client === null || client.game === id).toBe(true);
    }
  });

  it("keeps a lobby row of any registered game (its tile says whether it plays here), drops an unknown game's", () => {
    const row = {
      tableId: 't-1',
      serviceUrl: 'http://x',
      currency: 'EUR',
      limits: { min: '100', max: '1000' },
      baccaratResults: [],
      rouletteResults: [],
      seats: [],
    };
    for (const game of GAME_IDS) expect(isTable({ ...row, game })).toBe(true);
    expect(isTable({ ...row, game: 'coinFlip' })).toBe(false);
  });
});
