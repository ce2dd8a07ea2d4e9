import {
  checkBackOfficeWebRoot,
  ConfigError,
  DEV_SECRETS_KEY,
  devDefaultSecrets,
  loadLedgerConfig,
} from './ledger-config';

const own = {
  LEDGER_SECRETS_KEY: 'ab'.repeat(32),
  LEDGER_BACKOFFICE_TOKEN: 'a-real-backoffice-token',
  PLAYER_TOKEN_SECRET: 'a-real-player-token-secret',
  KAFKA_SASL_PASSWORD: 'a-real-kafka-password',
};

describe('ledger config secrets', () => {
  it('names the development defaults in use (warned at boot)', () => {
    expect(devDefaultSecrets(loadLedgerConfig({}))).toEqual([
      'LEDGER_SECRETS_KEY',
      'LEDGER_BACKOFFICE_TOKEN',
      'PLAYER_TOKEN_SECRET',
    ]);
    expect(devDefaultSecrets(loadLedgerConfig(own))).toEqual([]);
  });

  it('refuses the development defaults in production, and a malformed secrets key anywhere', () => {
    expect(() => loadLedgerConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(() =>
      loadLedgerConfig({ ...own, NODE_ENV: 'production', LEDGER_SECRETS_KEY: DEV_SECRETS_KEY }),
    ).toThrow(/LEDGER_SECRETS_KEY/);
    expect(loadLedgerConfig({ ...own, NODE_ENV: 'production' }).LEDGER_SECRETS_KEY).toBe(
      own.LEDGER_SECRETS_KEY,
    );
    expect(() => loadLedgerConfig({ LEDGER_SECRETS_KEY: 'abc' })).toThrow(/64 hex/);
    expect(() => loadLedgerConfig({ LEDGER_SESSION_TTL_SECONDS: '90000' })).toThrow(ConfigError);
  });
});

describe('ledger config, live results (docs/kafka-security.md#signed-live-results)', () => {
  it('needs signed results of every studio table in production unless told otherwise', () => {
    expect(loadLedgerConfig({ ...own, NODE_ENV: 'production' }).LEDGER_LIVE_RESULTS).toBe('signed');
    expect(loadLedgerConfig({}).LEDGER_LIVE_RESULTS).toBe('keyed');
    expect(loadLedgerConfig({ LEDGER_LIVE_RESULTS: 'signed' }).LEDGER_LIVE_RESULTS).toBe('signed');
    const explicit = { ...own, NODE_ENV: 'production', LEDGER_LIVE_RESULTS: 'keyed' };
    expect(loadLedgerConfig(explicit).LEDGER_LIVE_RESULTS).toBe('keyed');
    expect(() => loadLedgerConfig({ LEDGER_LIVE_RESULTS: 'off' })).toThrow(/LEDGER_LIVE_RESULTS/);
  });
});

describe('ledger config, the back-office web root and the profiler', () => {
  it('reads LEDGER_PROFILE as a flag and refuses anything else', () => {
    expect(loadLedgerConfig({}).LEDGER_PROFILE).toBe(false);
    expect(loadLedgerConfig({ LEDGER_PROFILE: '1' }).LEDGER_PROFILE).toBe(true);
    expect(() => loadLedgerConfig({ LEDGER_PROFILE: 'yes' })).toThrow(/LEDGER_PROFILE/);
  });

  it('refuses at boot a back-office web root without the build', () => {
    const config = loadLedgerConfig({ LEDGER_BACKOFFICE_WEB_ROOT: '/srv/web' });
    expect(config.LEDGER_BACKOFFICE_WEB_ROOT).toBe('/srv/web');
    expect(() => checkBackOfficeWebRoot(config, () => false)).toThrow(
      /LEDGER_BACKOFFICE_WEB_ROOT: no index.html in \/srv\/web/,
    );
    expect(() => checkBackOfficeWebRoot(config, (path) => path === '/srv/web/index.html')).not.toThrow();
    expect(() => checkBackOfficeWebRoot(loadLedgerConfig({}), () => false)).not.toThrow();
    expect(() => loadLedgerConfig({ LEDGER_BACKOFFICE_WEB_ROOT: '' })).toThrow(/LEDGER_BACKOFFICE_WEB_ROOT/);
  });
});

describe('ledger config, jurisdictions by country (LEDGER_JURISDICTIONS)', () => {
  it('reads the reality-check interval of each country; none by default', () => {
    expect(loadLedgerConfig({}).LEDGER_JURISDICTIONS).toEqual(new Map());
    expect(loadLedgerConfig({ LEDGER_JURISDICTIONS: ' ' }).LEDGER_JURISDICTIONS).toEqual(new Map());
    const config = loadLedgerConfig({
      LEDGER_JURISDICTIONS: '{"GB": {"realityCheckMinutes": 60}, "ES": {"realityCheckMinutes": 30}}',
    });
    expect([...config.LEDGER_JURISDICTIONS]).toEqual([
      ['GB', { realityCheckMinutes: 60 }],
      ['ES', { realityCheckMinutes: 30 }],
    ]);
  });

  it('refuses at boot, naming the variable and the fault: bad JSON, codes or values', () => {
    const refusal = (text: string): string => {
      try {
        loadLedgerConfig({ LEDGER_JURISDICTIONS: text });
      } catch (e) {
        expect(e).toBeInstanceOf(ConfigError);
        return (e as Error).message;
      }
      throw new Error(`accepted ${text}`);
    };
    expect(refusal('GB=60')).toMatch(/LEDGER_JURISDICTIONS: not JSON/);
    expect(refusal('{"GB": 60}')).toMatch(
      /LEDGER_JURISDICTIONS\.GB: Invalid input: expected object, received number/,
    );
    expect(refusal('[{"GB": {"realityCheckMinutes": 60}}]')).toMatch(
      /LEDGER_JURISDICTIONS: Invalid input: expected record, received array/,
    );
    for (const code of ['UK', 'gb', 'EU', 'XX', 'GBR'])
      expect(refusal(`{"${code}": {"realityCheckMinutes": 60}}`)).toMatch(
        new RegExp(`LEDGER_JURISDICTIONS\\.${code}: not an assigned ISO 3166-1`),
      );
    for (const minutes of ['0', '1441', '7.5', '"60"'])
      expect(refusal(`{"GB": {"realityCheckMinutes": ${minutes}}}`)).toMatch(
        /LEDGER_JURISDICTIONS\.GB\.realityCheckMinutes/,
      );
    // A misspelt field would leave the country's players without a reality check: refused too.
    expect(refusal('{"GB": {"realityCheckMinute": 60}}')).toMatch(/LEDGER_JURISDICTIONS\.GB/);
  });
});
