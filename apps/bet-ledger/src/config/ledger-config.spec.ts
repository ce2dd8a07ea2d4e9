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
