import { mintPlayerToken } from '@casino/events';
import { PlayerClient, TEST_PLAYER_SECRET } from '@casino/service-testing';
import { LiveTable, openLiveTable } from './support/harness';

jest.setTimeout(60_000);

// The rules every player socket of a service lives by (table-kit's PlayerSessions and socket adapter).
const TABLES = [{ id: 'rou-sockets', dealer: 'studio', timers: { bettingMs: 20_000, resultMs: 300 } }];

const tokenOf = (
  player: { playerId: string; operatorId?: string; sid?: string },
  ttlSeconds = 3600,
): string =>
  mintPlayerToken({ operatorId: 'op-test', currency: 'EUR', ...player }, TEST_PLAYER_SECRET, ttlSeconds);

/** Resolves with the reason the server gave when it closed the socket. */
const closed = (client: PlayerClient): Promise<string> =>
  new Promise((resolve) => client.socket.once('disconnect', (reason) => resolve(reason)));

describe('player sockets (service + Kafka + PostgreSQL + real ledger)', () => {
  let live: LiveTable;
  const clients: PlayerClient[] = [];

  const connect = async (token: string): Promise<PlayerClient> => {
    const client = await PlayerClient.connect(live.service.url, token);
    clients.push(client);
    return client;
  };

  beforeAll(async () => (live = await openLiveTable(TABLES)));
  afterAll(async () => {
    for (const c of clients) c.close();
    await live?.close();
  });

  it('tells a socket its token expired and closes it at the token’s exp', async () => {
    const started = Date.now();
    const client = await connect(tokenOf({ playerId: 'eve' }, 2));
    const gone = closed(client);
    const expired = await client.waitFor('session:expired', () => true, 5_000);
    expect(expired).toMatchObject({ message: expect.stringContaining('expired') });
    expect(await gone).toBe('io server disconnect');
    expect(Date.now() - started).toBeLessThan(3_500);
  });
});
