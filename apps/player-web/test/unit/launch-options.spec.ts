import { parseLaunch as parseTokenLaunch } from '../../src/launch/launch';
import { parseLaunchOptions as parseLaunch } from '../../src/launch/launch-options';

describe('launch options of the launch URL', () => {
  it('reads the lobby and cashier URLs and the device the ledger put in the launch URL', () => {
    const query = new URLSearchParams({
      token: 'x.y',
      lobbyUrl: 'https://acme.example/lobby?tab=live',
      cashierUrl: 'https://acme.example/cashier',
      device: 'mobile',
    });
    expect(parseLaunch(`?${query.toString()}`)).toMatchObject({
      lobbyUrl: 'https://acme.example/lobby?tab=live',
      cashierUrl: 'https://acme.example/cashier',
      device: 'mobile',
    });
  });

  it('ignores a URL that is not http(s) (a script would run in the player page) and an unknown device', () => {
    const query = new URLSearchParams({
      lobbyUrl: 'javascript:alert(1)',
      cashierUrl: 'data:text/html,x',
      device: 'tv',
    });
    expect(parseLaunch(`?${query.toString()}`)).toMatchObject({
      lobbyUrl: null,
      cashierUrl: null,
      device: null,
    });
    expect(parseLaunch('?token=a.b')).toMatchObject({ lobbyUrl: null, cashierUrl: null, device: null });
  });

  it('reads the reality-check interval in minutes and whether the player may set own limits', () => {
    expect(parseLaunch('?realityCheck=30&playerLimits=1')).toMatchObject({
      realityCheckMinutes: 30,
      playerLimits: true,
    });
    expect(parseLaunch('?realityCheck=0.1')).toMatchObject({ realityCheckMinutes: 0.1 });
    for (const bad of ['0', '-5', '1441', 'soon', '1e3'])
      expect(parseLaunch(`?realityCheck=${bad}`)).toMatchObject({ realityCheckMinutes: null });
    expect(parseLaunch('?playerLimits=true')).toMatchObject({ playerLimits: false });
  });
});

describe('fun mode of the launch', () => {
  const token = (claims: object) => `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

  it('is fun only when the token says so: mode=fun in the address bar alone shows no play-money badge', () => {
    const fun = token({ operatorId: 'fun:acme', playerId: 'p', currency: 'EUR', fun: true, exp: 2 });
    const real = token({ operatorId: 'acme', playerId: 'p', currency: 'EUR', exp: 2 });
    expect(parseTokenLaunch(`?token=${fun}&mode=fun`).fun).toBe(true);
    expect(parseTokenLaunch(`?token=${fun}`).fun).toBe(true);
    expect(parseTokenLaunch(`?token=${real}&mode=fun`).fun).toBe(false);
    expect(parseTokenLaunch('?mode=fun').fun).toBe(false);
  });
});
