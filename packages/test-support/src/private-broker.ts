import {
  createKafkaClient,
  DEFAULT_KAFKA_SECURITY,
  devKafkaPassword,
  ensureTopics,
  grantPlatformAccess,
  KafkaClient,
  KafkaConfigError,
  KafkaSecurity,
  KafkaSecurityMode,
  PlatformPrincipal,
} from '@casino/kafka';
import { ScriptBroker } from './script-broker';

export interface PrivateBrokerOptions {
  /**
   * Default: KAFKA_SECURITY of the test's environment (as for the shared broker), else the platform's
   * DEFAULT_KAFKA_SECURITY, so the test runs what development runs.
   */
  security?: KafkaSecurityMode;
  startTimeoutMs?: number;
}

function securityOf(setting: string | undefined): KafkaSecurityMode {
  const mode = setting?.trim() || DEFAULT_KAFKA_SECURITY;
  if (mode !== 'plaintext' && mode !== 'sasl')
    throw new KafkaConfigError([`KAFKA_SECURITY: plaintext or sasl, not '${mode}'`]);
  return mode;
}

export interface PrivateTopics {
  prefix: string;
  /** prefixedTopicSpecs(prefix) of @casino/events. */
  specs: readonly { name: string; partitions: number }[];
  /** TOPICS of @casino/events (for the ACLs of a SASL broker). */
  topics: Readonly<Record<string, string>>;
  /** Default 3: enough to spread a few tables, cheap to recover after a restart. */
  maxPartitions?: number;
}

/**
 * A Kafka broker of one test file that the test may stop (cleanly or SIGKILL) and start again on the same ports
 * and storage: a real restart of the server, which the shared development broker must never get. Runs the
 * platform's default security mode: with SASL, the test's clients log in as `admin` and each process as its own
 * principal, and `createTopics` grants the platform's ACLs on the prefix.
 */
export class PrivateBroker {
  private constructor(private readonly broker: ScriptBroker) {}

  /** Formats and starts a new broker through infra/kafka/kafka.sh (10-20 s on two cores). */
  static async launch(options: PrivateBrokerOptions = {}): Promise<PrivateBroker> {
    const security = options.security ?? securityOf(process.env.KAFKA_SECURITY);
    return new PrivateBroker(await ScriptBroker.create(security, options.startTimeoutMs));
  }

  get security(): KafkaSecurityMode {
    return this.broker.security;
  }

  get brokers(): string[] {
    return this.broker.brokers;
  }

  get running(): boolean {
    return this.broker.running;
  }

  /** How the test's own clients connect: as `principal` (the admin) on a SASL broker, anonymous on a plaintext one. */
  clientSecurity(principal: PlatformPrincipal = 'admin'): KafkaSecurity {
    if (this.security !== 'sasl') return {};
    return {
      sasl: { mechanism: 'scram-sha-512', username: principal, password: devKafkaPassword(principal) },
    };
  }

  /** A client of the test (see clientSecurity) that retries through short outages. */
  client(clientId = 'private-broker-test', principal: PlatformPrincipal = 'admin'): KafkaClient {
    return createKafkaClient({
      clientId,
      brokers: this.brokers,
      logLevel: 'nothing',
      retry: { retries: 8, initialRetryTimeMs: 100 },
      security: this.clientSecurity(principal),
    });
  }

  /**
   * The environment of a process (the ledger, a game service) that reaches this broker as `principal`; the
   * SASL settings of the test's own environment never leak in (an empty value counts as unset).
   */
  processEnv(principal: Exclude<PlatformPrincipal, 'admin'>): Record<string, string> {
    return {
      KAFKA_BROKERS: this.brokers.join(','),
      KAFKA_SECURITY: this.security,
      KAFKA_SASL_USERNAME: this.security === 'sasl' ? principal : '',
      KAFKA_SASL_PASSWORD: '',
      KAFKA_TLS: '',
      KAFKA_TLS_CA_FILE: '',
    };
  }

  /**
   * Creates a prefix's platform topics as the admin (on a SASL broker only the admin may) and, with SASL, the
   * platform's ACLs on them; processes then run with topic creation off.
   */
  async createTopics(request: PrivateTopics): Promise<void> {
    const admin = this.client('private-broker-admin');
    const max = request.maxPartitions ?? 3;
    await ensureTopics(
      admin,
      request.specs.map((t) => ({ topic: t.name, numPartitions: Math.min(t.partitions, max) })),
    );
    if (this.security === 'sasl') await grantPlatformAccess(admin, request.topics, request.prefix);
  }

  /** A clean shutdown (SIGTERM; the broker closes its logs), or SIGKILL with `kill`. Storage is kept. */
  async stop(how: 'graceful' | 'kill' = 'graceful'): Promise<void> {
    if (how === 'kill') await this.broker.kill();
    else await this.broker.stop();
  }

  /** Starts it again on the same ports and storage (after `stop`); resolves once it answers. */
  async start(timeoutMs = 90_000): Promise<void> {
    await this.broker.start(timeoutMs);
  }

  /** Stops it and deletes its storage. */
  dispose(): Promise<void> {
    return this.broker.dispose();
  }
}
