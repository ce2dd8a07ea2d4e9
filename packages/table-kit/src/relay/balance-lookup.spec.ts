import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { BalanceLookup } from './balance-lookup';
import { PlayerRelay } from './player-relay';

describe('BalanceLookup', () => {
  let server: Server;
  let url: string;
  const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        req.url === '/operators/op/players/p1/balances'
          ? JSON.stringify([{ currency: 'EUR', balance: '4200' }])
          : '[]',
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const relay = () => new PlayerRelay({ toTable: () => undefined, toPlayer: () => undefined }, () => true);

  it('asks the ledger when nothing was seen, then caches', async () => {
    const r = relay().scopedTo(player);
    const lookup = new BalanceLookup(r, url);
    expect(await lookup.balanceFor(player)).toBe(4200n);
    expect(r.balanceOf('p1')).toBe(4200n);
  });

  it('prefers the latest balance seen, and is unknown without a ledger URL', async () => {
    const r = relay().scopedTo(player);
    r.setBalance('p1', 'EUR', 7n);
    expect(await new BalanceLookup(r, url).balanceFor(player)).toBe(7n);
    expect(await new BalanceLookup(relay(), undefined).balanceFor(player)).toBeUndefined();
  });
});
