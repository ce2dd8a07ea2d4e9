import { ConfigError, loadLedgerConfig } from './ledger-config';

describe('the ledger config: Kafka security', () => {
  it('is SASL as the ledger principal by default, anonymous with KAFKA_SECURITY=plaintext', () => {
    expect(loadLedgerConfig({}).KAFKA_CLIENT_SECURITY).toEqual(
      loadLedgerConfig({ KAFKA_SECURITY: 'sasl' }).KAFKA_CLIENT_SECURITY,
    );
    expect(loadLedgerConfig({ KAFKA_SECURITY: 'plaintext' }).KAFKA_CLIENT_SECURITY).toEqual({});
  });

  it('logs in as the ledger principal with KAFKA_SECURITY=sasl, its own password in production', () => {
    expect(loadLedgerConfig({ KAFKA_SECURITY: 'sasl' }).KAFKA_CLIENT_SECURITY).toEqual({
      sasl: {
        mechanism: 'scram-sha-512',
        username: 'ledger',
        password: 'ledger-dev-password-not-for-production',
      },
    });
    const own = {
      KAFKA_SECURITY: 'sasl',
      KAFKA_SASL_USERNAME: 'ledger-eu',
      KAFKA_SASL_PASSWORD: 'from-the-vault',
      KAFKA_TLS: 'true',
    };
    expect(loadLedgerConfig(own).KAFKA_CLIENT_SECURITY).toEqual({
      sasl: { mechanism: 'scram-sha-512', username: 'ledger-eu', password: 'from-the-vault' },
      tls: {},
    });
  });

  it('fails at boot, naming the variable, on a bad setting', () => {
    expect(() => loadLedgerConfig({ KAFKA_SECURITY: 'sasl', KAFKA_TLS: 'maybe' })).toThrow(ConfigError);
    expect(() => loadLedgerConfig({ KAFKA_SECURITY: 'sasl', KAFKA_TLS: 'maybe' })).toThrow(
      /KAFKA_CLIENT_SECURITY: KAFKA_TLS: true or false, not 'maybe'/,
    );
  });
});
