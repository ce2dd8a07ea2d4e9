import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  describeKafkaSecurity,
  kafkaSecurityEnvOf,
  KafkaConfigError,
  kafkaSecurityFromEnv,
  requireKafkaSecurity,
} from './security-env';

const ledger = { username: 'ledger' };

function problemsOf(env: Record<string, string>, defaults = ledger): string[] {
  const result = kafkaSecurityFromEnv(env, defaults);
  return result.ok ? [] : result.problems;
}

describe('kafkaSecurityFromEnv', () => {
  it('is SASL as the process principal by default, plaintext and anonymous when asked', () => {
    expect(kafkaSecurityFromEnv({}, ledger)).toEqual(
      kafkaSecurityFromEnv({ KAFKA_SECURITY: 'sasl' }, ledger),
    );
    expect(kafkaSecurityFromEnv({ KAFKA_SECURITY: 'plaintext' }, ledger)).toEqual({ ok: true, security: {} });
  });

  it('with sasl, logs in as the process principal with its development password outside production', () => {
    expect(kafkaSecurityFromEnv({ KAFKA_SECURITY: 'sasl' }, ledger)).toEqual({
      ok: true,
      security: {
        sasl: {
          mechanism: 'scram-sha-512',
          username: 'ledger',
          password: 'ledger-dev-password-not-for-production',
        },
      },
    });
  });

  it('takes the user, password and mechanism from the environment', () => {
    const env = {
      KAFKA_SECURITY: 'sasl',
      KAFKA_SASL_MECHANISM: 'SCRAM-SHA-256',
      KAFKA_SASL_USERNAME: 'ledger-eu-1',
      KAFKA_SASL_PASSWORD: 's3cret',
      NODE_ENV: 'production',
    };
    expect(kafkaSecurityFromEnv(env, ledger)).toEqual({
      ok: true,
      security: { sasl: { mechanism: 'scram-sha-256', username: 'ledger-eu-1', password: 's3cret' } },
    });
  });

  it('requires a password in production and for users that are not platform principals', () => {
    expect(problemsOf({ KAFKA_SECURITY: 'sasl', NODE_ENV: 'production' })).toEqual([
      'KAFKA_SASL_PASSWORD: required with NODE_ENV=production (no development password)',
    ]);
    expect(problemsOf({ KAFKA_SECURITY: 'sasl', KAFKA_SASL_USERNAME: 'mallory' })).toEqual([
      "KAFKA_SASL_PASSWORD: required for user 'mallory' (not a platform principal)",
    ]);
  });

  it('lists every problem: unknown mode, mechanism and TLS flag, credentials next to plaintext', () => {
    expect(problemsOf({ KAFKA_SECURITY: 'kerberos', KAFKA_TLS: 'yes' })).toEqual([
      "KAFKA_SECURITY: plaintext or sasl, not 'kerberos'",
      "KAFKA_TLS: true or false, not 'yes'",
    ]);
    expect(problemsOf({ KAFKA_SECURITY: 'sasl', KAFKA_SASL_MECHANISM: 'plain' })).toEqual([
      "KAFKA_SASL_MECHANISM: one of scram-sha-512, scram-sha-256, not 'plain'",
    ]);
    expect(
      problemsOf({ KAFKA_SECURITY: 'plaintext', KAFKA_SASL_USERNAME: 'ledger', KAFKA_SASL_PASSWORD: 'x' }),
    ).toEqual([
      'KAFKA_SASL_USERNAME: set, but KAFKA_SECURITY is not sasl',
      'KAFKA_SASL_PASSWORD: set, but KAFKA_SECURITY is not sasl',
    ]);
  });

  it('turns TLS on with Node CAs or the CA file, and checks that file at boot', () => {
    const plain = { KAFKA_SECURITY: 'plaintext' };
    expect(kafkaSecurityFromEnv({ ...plain, KAFKA_TLS: 'true' }, ledger)).toEqual({
      ok: true,
      security: { tls: {} },
    });
    const dir = mkdtempSync(join(tmpdir(), 'kafka-ca-'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
    writeFileSync(join(dir, 'ca.pem'), pem);
    writeFileSync(join(dir, 'not.pem'), 'hello');
    expect(
      kafkaSecurityFromEnv({ ...plain, KAFKA_TLS: '1', KAFKA_TLS_CA_FILE: join(dir, 'ca.pem') }, ledger),
    ).toEqual({
      ok: true,
      security: { tls: { ca: [pem] } },
    });
    expect(problemsOf({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: join(dir, 'missing.pem') })).toEqual([
      `KAFKA_TLS_CA_FILE: cannot read ${join(dir, 'missing.pem')} (ENOENT)`,
    ]);
    expect(problemsOf({ KAFKA_TLS: 'true', KAFKA_TLS_CA_FILE: join(dir, 'not.pem') })).toEqual([
      `KAFKA_TLS_CA_FILE: ${join(dir, 'not.pem')} holds no PEM certificate`,
    ]);
    expect(problemsOf({ KAFKA_TLS_CA_FILE: join(dir, 'ca.pem') })).toEqual([
      'KAFKA_TLS_CA_FILE: set, but KAFKA_TLS is not true',
    ]);
  });

  it('requireKafkaSecurity throws a typed error listing the problems', () => {
    expect(() => requireKafkaSecurity({ KAFKA_SECURITY: 'sasl', NODE_ENV: 'production' }, ledger)).toThrow(
      expect.objectContaining({ code: 'INVALID_KAFKA_CONFIG', problems: [expect.any(String)] }),
    );
    expect(() => requireKafkaSecurity({ KAFKA_SECURITY: 'x' }, ledger)).toThrow(KafkaConfigError);
  });

  it('picks the Kafka security variables out of an environment', () => {
    expect(
      kafkaSecurityEnvOf({ KAFKA_SECURITY: 'sasl', NODE_ENV: 'test', KAFKA_BROKERS: 'b:1', HOME: '/' }),
    ).toEqual({
      KAFKA_SECURITY: 'sasl',
      NODE_ENV: 'test',
    });
  });

  it('describes a connection without its password', () => {
    const security = requireKafkaSecurity({ KAFKA_SECURITY: 'sasl', KAFKA_TLS: 'true' }, ledger);
    expect(describeKafkaSecurity(security)).toBe('SASL scram-sha-512 as ledger over TLS');
    expect(describeKafkaSecurity(undefined)).toBe('anonymous over plaintext');
  });
});
