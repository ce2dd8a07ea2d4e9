import { ConfigError, DEV_SECRETS_KEY, devDefaultSecrets, loadLedgerConfig } from './ledger-config';

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
