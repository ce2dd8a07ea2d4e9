import {
  CasinoEvent,
  encodeEventBuffer,
  eventKey,
  prefixedTopics,
  prefixedTopicSpecs,
  topicFor,
  Topics,
  TOPICS,
} from '@casino/events';
import {
  deleteTopics,
  ensureTopics,
  grantPlatformAccess,
  KafkaClient,
  OutgoingMessage,
  revokePlatformAccess,
} from '@casino/kafka';
import {
  createTestDatabase,
  LedgerProcess,
  ledgerBuilt,
  ledgerMain,
  SaslTestBroker,
  startSaslTestBroker,
  TestDatabase,
  uniqueName,
  verifyLedgerDatabase,
} from '@casino/test-support';
import { Client } from 'pg';

/** Sends raw messages as a plain producer, or an idempotent one (which needs retries, so a refusal is slower). */
export async function sendMessages(
  client: KafkaClient,
  topic: string,
  messages: readonly OutgoingMessage[],
  idempotent = false,
): Promise<void> {
  const producer = client.producer({ idempotent, maxInFlightRequests: 1 });
  try {
    await producer.connect();
    await producer.send([{ topic, messages }]);
  } finally {
    await producer.disconnect().catch(() => undefined);
  }
}

/**
 * The built ledger behind authenticated Kafka (docs/kafka-security.md), for the specs whose attacker is a real
 * principal: a SASL/SCRAM broker of the file alone (started through infra/kafka/kafka.sh, or SASL_TEST_BROKERS),
 * the platform's ACLs on the file's own topic prefix, and the ledger as a child process logged in as the `ledger`
 * principal on a database of its own. `start` in beforeAll, `stop` in afterAll (it stops what did start).
 */
export class SaslLedger {
  readonly prefix: string;
  readonly topics: Topics;
  broker!: SaslTestBroker;
  admin!: KafkaClient;
  db?: TestDatabase;
  ledger?: LedgerProcess;

  /** `env`: the ledger's settings beyond the file's (e.g. LEDGER_LIVE_RESULTS). */
  constructor(
    private readonly name: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.prefix = `${uniqueName(name)}.`;
    this.topics = prefixedTopics(this.prefix);
  }

  async start(): Promise<{ broker: SaslTestBroker; admin: KafkaClient; ledger: LedgerProcess }> {
    if (!ledgerBuilt()) throw new Error(`${ledgerMain()} not built: npx tsc -p tsconfig.build.json`);
    this.broker = await startSaslTestBroker();
    this.admin = this.broker.client('admin', { retry: { retries: 8, initialRetryTimeMs: 100 } });
    await ensureTopics(
      this.admin,
      prefixedTopicSpecs(this.prefix).map((t) => ({
        topic: t.name,
        numPartitions: Math.min(t.partitions, 3),
      })),
    );
    await grantPlatformAccess(this.admin, TOPICS, this.prefix);
    this.db = await createTestDatabase(this.name);
    const ledger = await LedgerProcess.launch({
      databaseUrl: this.db.url,
      topicPrefix: this.prefix,
      groupId: `${this.prefix}bet-ledger`,
      brokers: this.broker.brokers,
      // Topics exist already: on a SASL broker only the admin creates them.
      env: { ...this.broker.processEnv('ledger'), LEDGER_CREATE_TOPICS: 'false', ...this.env },
    });
    this.ledger = ledger;
    return { broker: this.broker, admin: this.admin, ledger };
  }

  async stop(): Promise<void> {
    await this.ledger?.stop();
    await this.db?.drop();
    if (this.broker) {
      // Matters only on a reused broker (SASL_TEST_BROKERS): a broker of this file is deleted with its storage.
      await revokePlatformAccess(this.admin, TOPICS, this.prefix).catch(() => undefined);
      await deleteTopics(this.admin, Object.values(this.topics)).catch(() => undefined);
      await this.broker.stop();
    }
  }

  /** Publishes events as a game service does: an idempotent producer (it needs WRITE on a topic, nothing more). */
  readonly publish = async (client: KafkaClient, ...events: CasinoEvent[]): Promise<void> => {
    for (const e of events)
      await sendMessages(
        client,
        topicFor(e, this.topics),
        [{ key: eventKey(e), value: encodeEventBuffer(e) }],
        true,
      );
  };

  /** Publishes events of one topic in one produce request, so that the ledger fetches them together. */
  readonly publishTogether = async (client: KafkaClient, ...events: CasinoEvent[]): Promise<void> => {
    const messages = events.map((e) => ({ key: eventKey(e), value: encodeEventBuffer(e) }));
    await sendMessages(client, topicFor(events[0], this.topics), messages, true);
  };

  /** Rows of a query on the ledger's database. */
  readonly query = async (text: string, params: unknown[]): Promise<Record<string, unknown>[]> => {
    const client = new Client({ connectionString: this.db?.url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows;
    } finally {
      await client.end();
    }
  };

  /** The first row of a query once it has one (the ledger applies what it reads asynchronously). */
  readonly row = async (
    text: string,
    params: unknown[],
    timeoutMs = 15_000,
  ): Promise<Record<string, unknown>> => {
    for (const deadline = Date.now() + timeoutMs; ;) {
      const [first] = await this.query(text, params);
      if (first) return first;
      if (Date.now() > deadline) throw new Error(`no row for ${text} ${JSON.stringify(params)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  /** ledger:verify's checks on the ledger's database (status 0 when every invariant holds). */
  verify(): { status: number | null; output: string } {
    return verifyLedgerDatabase(this.db?.url ?? '');
  }
}
