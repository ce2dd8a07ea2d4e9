import {
  CasinoEvent,
  decodeEvent,
  gameTopics,
  prefixedTopics,
  prefixedTopicSpecs,
  TOPICS,
} from '@casino/events';
import {
  createKafka,
  createTestDatabase,
  kafkaBrokers,
  LedgerCatalogueTable,
  LedgerProcess,
  prepareTestTopics,
  queryDatabase,
  ServiceProcess,
  startKafkaProxy,
  TcpProxy,
  terminateConnections,
  TestDatabase,
  uniqueName,
  verifyLedgerDatabase,
} from '@casino/test-support';
import { randomUUID } from 'node:crypto';
import { PlayerClient } from './player-client';
import { TEST_DEALER_KEY, TEST_PLAYER_SECRET, TEST_TABLE_STATE_KEY } from './service-harness';

/** The events a game service publishes (everything else on the topics is the ledger's). */
const SERVICE_EVENT_TYPES = new Set([
  'RoundOpened',
  'BettingClosed',
  'RoundResult',
  'RoundVoided',
  'PlaceBet',
  'CancelBet',
  'ShoeRevealed',
]);

export interface FailureLabOptions {
  /** The app folder, e.g. roulette-service (built: apps/<app>/dist/main.js). */
  app: string;
  /** Short name in the run's database and topic names. */
  name: string;
  tables: unknown[];
  /** More service environment (timers, timeouts). */
  env?: Record<string, string>;
  /** Credited on the ledger before the service starts. */
  deposits?: Record<string, bigint>;
  /** The service's tables as the ledger's catalogue must hold them (it refuses rounds of tables it does not know). */
  ledgerTables: readonly LedgerCatalogueTable[];
}

/**
 * A game service as a real process, with PostgreSQL and Kafka behind proxies the test can cut, and the real ledger
 * as a process the test can freeze: what the dependency-failure tests run against. The ledger reaches the broker
 * directly (only the service is cut off).
 */
export class FailureLab {
  private readonly clients: PlayerClient[] = [];
  /** Instances of the service started by `launchInstance`. */
  private readonly instances: ServiceProcess[] = [];

  private constructor(
    readonly service: ServiceProcess,
    readonly ledger: LedgerProcess,
    readonly pgProxy: TcpProxy,
    readonly kafkaProxy: TcpProxy,
    readonly db: TestDatabase,
    private readonly ledgerDb: TestDatabase,
    readonly prefix: string,
    private readonly disposeTopics: () => Promise<void>,
    private readonly app: string,
    /** The service's environment, Kafka and PostgreSQL reached directly (not through the proxies). */
    private readonly serviceEnv: Record<string, string>,
  ) {}

  static async open(options: FailureLabOptions): Promise<FailureLab> {
    const prefix = `${uniqueName(options.name)}.`;
    // As the admin, with their ACLs on a SASL broker: the ledger and the service may not create topics.
    const disposeTopics = await prepareTestTopics(createKafka('failure-lab-topics'), prefix, {
      topics: TOPICS,
      specs: prefixedTopicSpecs(prefix),
    });
    const db = await createTestDatabase(options.name);
    const ledgerDb = await createTestDatabase(`${options.name}_ledger`);
    const ledger = await LedgerProcess.launch({
      databaseUrl: ledgerDb.url,
      topicPrefix: prefix,
      // Each principal joins only groups named `<prefix><principal>…` on a SASL broker.
      groupId: `${prefix}bet-ledger-${randomUUID()}`,
      brokers: kafkaBrokers(),
    });
    for (const table of options.ledgerTables) await ledger.putTable(table);
    for (const [playerId, amount] of Object.entries(options.deposits ?? {})) {
      await ledger.deposit('op-test', playerId, 'EUR', amount);
    }
    const pgTarget = new URL(db.url);
    const pgProxy = await TcpProxy.start({ target: `${pgTarget.hostname}:${pgTarget.port || '5432'}` });
    const kafkaProxy = await startKafkaProxy(kafkaBrokers()[0]);
    const viaProxy = new URL(db.url);
    viaProxy.host = pgProxy.address;
    const serviceEnv = {
      KAFKA_BROKERS: kafkaBrokers().join(','),
      KAFKA_TOPIC_PREFIX: prefix,
      KAFKA_GROUP_ID: `${prefix}${options.app}`,
      DATABASE_URL: db.url,
      PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
      DEALER_API_KEY: TEST_DEALER_KEY,
      TABLE_STATE_KEY: TEST_TABLE_STATE_KEY,
      LEDGER_URL: ledger.url,
      LEDGER_BACKOFFICE_TOKEN: ledger.backOfficeToken(),
      TABLES: JSON.stringify(options.tables),
      ...options.env,
    };
    const service = await ServiceProcess.launch(options.app, {
      ...serviceEnv,
      KAFKA_BROKERS: kafkaProxy.address,
      DATABASE_URL: viaProxy.toString(),
    });
    return new FailureLab(
      service,
      ledger,
      pgProxy,
      kafkaProxy,
      db,
      ledgerDb,
      prefix,
      disposeTopics,
      options.app,
      serviceEnv,
    );
  }

  /** Another instance of the service (same tables, group and database), with `env` on top (SERVICE_INSTANCE). */
  async launchInstance(env: Record<string, string>): Promise<ServiceProcess> {
    const instance = await ServiceProcess.launch(this.app, { ...this.serviceEnv, ...env });
    this.instances.push(instance);
    return instance;
  }

  /** The ledger's status of a round (open, closed, settled, voided, disputed), undefined if it has none. */
  async ledgerRoundStatus(tableId: string, roundId: string): Promise<string | undefined> {
    const rows = await queryDatabase<{ status: string }>(
      this.ledgerDb.url,
      'SELECT status FROM ledger_rounds WHERE table_id = $1 AND round_id = $2',
      [tableId, roundId],
    );
    return rows[0]?.status;
  }

  /** `ledger:verify` on the ledger's database. */
  verifyLedger(): { status: number | null; output: string } {
    return verifyLedgerDatabase(this.ledgerDb.url);
  }

  /** A player's socket to the service (or to `instance`). */
  async connect(playerId: string, instance: ServiceProcess = this.service): Promise<PlayerClient> {
    // The player's launch session recorded at the ledger: it decides bet commands only with its token.
    const token = await this.ledger.openSession('op-test', playerId, 'EUR');
    const client = await PlayerClient.connect(instance.url, token);
    this.clients.push(client);
    return client;
  }

  async getJson(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.service.url}${path}`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** pg_terminate_backend of every connection the service holds (they all go to its own database). */
  terminateServiceConnections(): Promise<number> {
    return terminateConnections(this.db.url, this.db.name);
  }

  /** The service's outbox: every event it committed (kept an hour after publication) and those not sent yet. */
  async outbox(): Promise<{ eventIds: string[]; unsent: number }> {
    const rows = await queryDatabase<{ event_id: string; sent: boolean }>(
      this.db.url,
      'SELECT event_id, sent_at IS NOT NULL AS sent FROM game_table_outbox ORDER BY seq',
    );
    return { eventIds: rows.map((r) => r.event_id), unsent: rows.filter((r) => !r.sent).length };
  }

  /**
   * The events the service published on the run's topics, read from the start until every id of `expected` (the
   * outbox's) has come and `settleMs` more have passed (to catch a duplicate), or `timeoutMs` at most.
   */
  async publishedEvents(
    expected: readonly string[],
    settleMs = 1_000,
    timeoutMs = 60_000,
  ): Promise<CasinoEvent[]> {
    const kafka = createKafka('failure-lab-reader');
    const consumer = kafka.consumer({ groupId: uniqueName('failure_lab_reader'), maxWaitTimeMs: 100 });
    const events: CasinoEvent[] = [];
    const missing = new Set(expected);
    await consumer.connect();
    try {
      const topics = prefixedTopics(this.prefix);
      await consumer.subscribe({
        topics: [...gameTopics(topics, 'rounds'), ...gameTopics(topics, 'betCommands')],
        fromBeginning: true,
      });
      await consumer.runMessages(async ({ topic, value }) => {
        const decoded = decodeEvent(topic, value);
        if (!decoded.ok || !SERVICE_EVENT_TYPES.has(decoded.event.type)) return;
        events.push(decoded.event);
        missing.delete(decoded.event.id);
      });
      const until = Date.now() + timeoutMs;
      while (missing.size > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, settleMs));
      return events;
    } finally {
      await consumer.disconnect();
    }
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.close();
    for (const instance of this.instances) await instance.stop();
    await this.service.stop();
    await this.ledger.stop();
    await this.pgProxy.close();
    await this.kafkaProxy.close();
    await this.disposeTopics().catch(() => undefined);
    await this.db.drop();
    await this.ledgerDb.drop();
  }
}

/** Ids that occur more than once. */
export function duplicateIds(events: readonly CasinoEvent[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const e of events) (seen.has(e.id) ? twice : seen).add(e.id);
  return [...twice];
}
