import {
  createKafkaClient,
  devKafkaPassword,
  isPlatformPrincipal,
  KafkaClient,
  KafkaRetryOptions,
} from '@casino/kafka';
import { ScriptBroker } from './script-broker';

export interface SaslClientOptions {
  /** Default: the principal's development password (the one kafka.sh gave it). */
  password?: string;
  clientId?: string;
  /** Default: no retries, so that a refusal fails at once. */
  retry?: KafkaRetryOptions;
}

/** A SASL (SCRAM-SHA-512) broker with an authorizer, of one test file alone. */
export interface SaslTestBroker {
  brokers: string[];
  /** A client logged in as `username`. */
  client(username: string, options?: SaslClientOptions): KafkaClient;
  /** A client that does not log in at all. */
  anonymousClient(options?: Omit<SaslClientOptions, 'password'>): KafkaClient;
  /** The environment of a process (the ledger, a game service) that reaches this broker as `username`. */
  processEnv(username: string): Record<string, string>;
  /** Stops the broker it started and deletes its storage; a broker it reused is left running. */
  stop(): Promise<void>;
}

function passwordOf(username: string, options: SaslClientOptions): string {
  if (options.password !== undefined) return options.password;
  if (!isPlatformPrincipal(username)) throw new Error(`no development password for ${username}: pass one`);
  return devKafkaPassword(username);
}

/**
 * A SASL broker for a test file: SASL_TEST_BROKERS (host:port of a running SASL development broker with the
 * development users) if set, else a new one started through infra/kafka/kafka.sh on free ports with its storage
 * in a temporary folder (about 10-20 s on two cores), stopped and deleted by `stop()`. Fails, never skips, when
 * the broker cannot start (Java or the jars missing: kafka.sh says which).
 */
export async function startSaslTestBroker(timeoutMs = 90_000): Promise<SaslTestBroker> {
  const reused = process.env.SASL_TEST_BROKERS;
  let brokers: string[];
  let stop = async (): Promise<void> => undefined;
  if (reused) {
    brokers = reused.split(',').map((b) => b.trim());
  } else {
    const broker = await ScriptBroker.create('sasl', timeoutMs);
    stop = () => broker.dispose();
    brokers = broker.brokers;
  }
  const base = (options: Omit<SaslClientOptions, 'password'>) => ({
    clientId: options.clientId ?? 'sasl-test',
    brokers,
    logLevel: 'nothing' as const,
    retry: options.retry ?? { retries: 0 },
  });
  return {
    brokers,
    client: (username, options = {}) =>
      createKafkaClient({
        ...base(options),
        security: {
          sasl: { mechanism: 'scram-sha-512', username, password: passwordOf(username, options) },
        },
      }),
    anonymousClient: (options = {}) => createKafkaClient(base(options)),
    processEnv: (username) => ({
      KAFKA_BROKERS: brokers.join(','),
      KAFKA_SECURITY: 'sasl',
      KAFKA_SASL_USERNAME: username,
    }),
    stop,
  };
}
