import { readFileSync } from 'node:fs';
import { KafkaSaslMechanism, KafkaSecurity } from '../port/transport-security';
import { devKafkaPassword, isPlatformPrincipal } from './principals';

/**
 * The development broker's security mode, the default of every client's KAFKA_SECURITY. infra/kafka/kafka.sh
 * has the same default for the broker (docs/kafka-security.md).
 */
export const DEFAULT_KAFKA_SECURITY: KafkaSecurityMode = 'sasl';

export type KafkaSecurityMode = 'plaintext' | 'sasl';

/** The environment variables a Kafka client's security comes from. */
export const KAFKA_SECURITY_ENV = [
  'KAFKA_SECURITY',
  'KAFKA_SASL_MECHANISM',
  'KAFKA_SASL_USERNAME',
  'KAFKA_SASL_PASSWORD',
  'KAFKA_TLS',
  'KAFKA_TLS_CA_FILE',
] as const;

export type KafkaSecurityEnv = Readonly<
  Partial<Record<(typeof KAFKA_SECURITY_ENV)[number] | 'NODE_ENV', string>>
>;

/** Only the Kafka security variables (and NODE_ENV) of an environment: a config schema's input for them. */
export function kafkaSecurityEnvOf(env: Readonly<Record<string, string | undefined>>): KafkaSecurityEnv {
  const out: Partial<Record<keyof KafkaSecurityEnv, string>> = {};
  for (const name of [...KAFKA_SECURITY_ENV, 'NODE_ENV'] as const) {
    const value = env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export type KafkaSecurityResult = { ok: true; security: KafkaSecurity } | { ok: false; problems: string[] };

export class KafkaConfigError extends Error {
  readonly code = 'INVALID_KAFKA_CONFIG';
  constructor(readonly problems: readonly string[]) {
    super(`invalid Kafka configuration:\n  ${problems.join('\n  ')}`);
    this.name = 'KafkaConfigError';
  }
}

const MECHANISMS: readonly KafkaSaslMechanism[] = ['scram-sha-512', 'scram-sha-256'];
const FLAGS: Readonly<Record<string, boolean>> = { true: true, '1': true, false: false, '0': false };

function set(value: string | undefined): value is string {
  return value !== undefined && value.trim() !== '';
}

function readCa(path: string, problems: string[]): string[] | undefined {
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (err) {
    problems.push(
      `KAFKA_TLS_CA_FILE: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? 'error'})`,
    );
    return undefined;
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    problems.push(`KAFKA_TLS_CA_FILE: ${path} holds no PEM certificate`);
    return undefined;
  }
  return [pem];
}

/**
 * A client's security from its environment, every problem listed (for the process's boot-time config check):
 *
 * - KAFKA_SECURITY: `plaintext` (anonymous) or `sasl`; default DEFAULT_KAFKA_SECURITY.
 * - With sasl: KAFKA_SASL_MECHANISM (`scram-sha-512`, the default, or `scram-sha-256`), KAFKA_SASL_USERNAME
 *   (default: the process's own principal) and KAFKA_SASL_PASSWORD. Without a password, a platform principal
 *   uses its development password, except with NODE_ENV=production, where the password is required.
 * - KAFKA_TLS (`true`/`false`, default false): TLS to the brokers; KAFKA_TLS_CA_FILE: PEM file of the CAs to
 *   trust (default: Node's CAs).
 */
export function kafkaSecurityFromEnv(
  env: KafkaSecurityEnv,
  defaults: { username: string },
): KafkaSecurityResult {
  const problems: string[] = [];
  const security: KafkaSecurity = {};

  const mode = set(env.KAFKA_SECURITY) ? env.KAFKA_SECURITY.trim() : DEFAULT_KAFKA_SECURITY;
  if (mode !== 'plaintext' && mode !== 'sasl')
    problems.push(`KAFKA_SECURITY: plaintext or sasl, not '${mode}'`);

  if (mode === 'sasl') {
    const mechanism = set(env.KAFKA_SASL_MECHANISM)
      ? env.KAFKA_SASL_MECHANISM.trim().toLowerCase()
      : 'scram-sha-512';
    const known = MECHANISMS.find((m) => m === mechanism);
    if (!known) problems.push(`KAFKA_SASL_MECHANISM: one of ${MECHANISMS.join(', ')}, not '${mechanism}'`);
    const username = set(env.KAFKA_SASL_USERNAME) ? env.KAFKA_SASL_USERNAME.trim() : defaults.username;
    let password = env.KAFKA_SASL_PASSWORD;
    if (!set(password)) {
      password = undefined;
      if (env.NODE_ENV === 'production') {
        problems.push('KAFKA_SASL_PASSWORD: required with NODE_ENV=production (no development password)');
      } else if (!isPlatformPrincipal(username)) {
        problems.push(`KAFKA_SASL_PASSWORD: required for user '${username}' (not a platform principal)`);
      } else {
        password = devKafkaPassword(username);
      }
    }
    if (known && password !== undefined) security.sasl = { mechanism: known, username, password };
  } else {
    // A credential next to plaintext is a configuration that meant SASL: refuse rather than connect anonymously.
    for (const name of ['KAFKA_SASL_MECHANISM', 'KAFKA_SASL_USERNAME', 'KAFKA_SASL_PASSWORD'] as const) {
      if (set(env[name])) problems.push(`${name}: set, but KAFKA_SECURITY is not sasl`);
    }
  }

  const tlsFlag = set(env.KAFKA_TLS) ? FLAGS[env.KAFKA_TLS.trim().toLowerCase()] : false;
  if (tlsFlag === undefined) problems.push(`KAFKA_TLS: true or false, not '${env.KAFKA_TLS}'`);
  if (tlsFlag) {
    security.tls = {};
    if (set(env.KAFKA_TLS_CA_FILE)) {
      const ca = readCa(env.KAFKA_TLS_CA_FILE.trim(), problems);
      if (ca) security.tls.ca = ca;
    }
  } else if (set(env.KAFKA_TLS_CA_FILE)) {
    problems.push('KAFKA_TLS_CA_FILE: set, but KAFKA_TLS is not true');
  }

  return problems.length > 0 ? { ok: false, problems } : { ok: true, security };
}

/** kafkaSecurityFromEnv for tools and scripts: the security, or a KafkaConfigError listing every problem. */
export function requireKafkaSecurity(env: KafkaSecurityEnv, defaults: { username: string }): KafkaSecurity {
  const result = kafkaSecurityFromEnv(env, defaults);
  if (!result.ok) throw new KafkaConfigError(result.problems);
  return result.security;
}

/** For boot logs: how a client connects, without its password. */
export function describeKafkaSecurity(security: KafkaSecurity | undefined): string {
  const sasl = security?.sasl;
  const who = sasl ? `SASL ${sasl.mechanism} as ${sasl.username}` : 'anonymous';
  return `${who} over ${security?.tls ? 'TLS' : 'plaintext'}`;
}
