import { LedgerError } from '../errors/ledger.errors';
import { checkLaunchUrlOrigin } from '../use-cases/launch-session/launch-url-origin';
import { isCountryCode, parseLaunchBody } from './launch-options';
import { launchSchema } from './operator-api.dto';

const codeOf = (work: () => unknown): string => {
  try {
    work();
    return 'OK';
  } catch (e) {
    return e instanceof LedgerError ? e.code : String(e);
  }
};
const launch = (options: Record<string, unknown>) => () =>
  parseLaunchBody(launchSchema, { playerId: '42', currency: 'EUR', ...options });

describe('launch options', () => {
  it.each([
    [{ lobbyUrl: 'https://casino.example/lobby' }, 'OK'],
    [{ cashierUrl: 'http://127.0.0.1:8080/cashier' }, 'OK'],
    [{ lobbyUrl: 'javascript:alert(1)' }, 'LAUNCH_URL_INVALID'],
    [{ lobbyUrl: 'data:text/html,hi' }, 'LAUNCH_URL_INVALID'],
    [{ lobbyUrl: '//casino.example/' }, 'LAUNCH_URL_INVALID'],
    [{ cashierUrl: 'https://a:b@casino.example/' }, 'LAUNCH_URL_INVALID'],
    [{ country: 'GB' }, 'OK'],
    [{ country: 'UK' }, 'COUNTRY_INVALID'],
    [{ country: 'ZZ' }, 'COUNTRY_INVALID'],
    [{ country: 'DEU' }, 'COUNTRY_INVALID'],
    [{ device: 'tablet' }, 'OK'],
    [{ device: 'Desktop' }, 'DEVICE_INVALID'],
    [{ realityCheckMinutes: 60, playerLimits: true }, 'OK'],
    [{ realityCheckMinutes: 0 }, 'REALITY_CHECK_INVALID'],
    [{ realityCheckMinutes: 1441 }, 'REALITY_CHECK_INVALID'],
    [{ realityCheckMinutes: 2.5 }, 'REALITY_CHECK_INVALID'],
    [{ playerLimits: 'yes' }, 'INVALID_REQUEST'],
    [{ demo: true }, 'INVALID_REQUEST'],
    [{ mode: 'fun' }, 'OK'],
    [{ mode: 'real' }, 'OK'],
    [{ mode: 'demo' }, 'LAUNCH_MODE_INVALID'],
    [{ mode: true }, 'LAUNCH_MODE_INVALID'],
    [{ country: 'de', currency: 'eur' }, 'COUNTRY_INVALID'],
  ])('%j → %s', (options, code) => {
    expect(codeOf(launch(options))).toBe(code);
  });

  it('takes the 249 countries of ISO 3166-1, not its reserved or user-assigned codes', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
    const codes = letters.flatMap((a) => letters.map((b) => a + b)).filter(isCountryCode);
    expect(codes).toHaveLength(249);
    expect(codes).toEqual(expect.arrayContaining(['DE', 'TR', 'PL', 'BD', 'IR', 'GB', 'AQ', 'SS', 'CW']));
  });

  it("keeps lobby and cashier URLs on the operator's origins when it has some", () => {
    const origins = ['https://casino.example', 'https://m.casino.example:*'];
    expect(codeOf(() => checkLaunchUrlOrigin('lobbyUrl', 'https://casino.example/x', origins))).toBe('OK');
    expect(codeOf(() => checkLaunchUrlOrigin('lobbyUrl', 'https://m.casino.example:444/', origins))).toBe(
      'OK',
    );
    expect(codeOf(() => checkLaunchUrlOrigin('lobbyUrl', 'https://casino.example.evil/', origins))).toBe(
      'LAUNCH_URL_NOT_ALLOWED',
    );
    expect(codeOf(() => checkLaunchUrlOrigin('lobbyUrl', 'http://casino.example/', origins))).toBe(
      'LAUNCH_URL_NOT_ALLOWED',
    );
    expect(codeOf(() => checkLaunchUrlOrigin('lobbyUrl', 'https://anything.example/', []))).toBe('OK');
  });
});
