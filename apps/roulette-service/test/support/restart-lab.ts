import { CasinoEvent, decodeEvent, prefixedTopics, prefixedTopicSpecs, TOPICS } from '@casino/events';
import {
  LedgerCatalogueTable,
  LedgerProcess,
  PrivateBroker,
  PrivatePostgres,
  queryDatabase,
  ServiceProcess,
  uniqueName,
  verifyLedgerDatabase,
} from '@casino/test-support';
import {
  PlayerClient,
  TEST_DEALER_KEY,
  TEST_PLAYER_SECRET,
  TEST_TABLE_STATE_KEY,
} from '@casino/service-testing';

export interface RestartLabOptions {
  tables: unknown[];
  ledgerTables: readonly LedgerCatalogueTable[];
  deposits: Record<string, bigint>;
  /** More service environment (timers, timeouts). */
  env?: Record<string, string>;
}

/**
 * The built ledger and roulette service as processes against a Kafka broker and a PostgreSQL cluster of this test
 * alone, which the test restarts for real (the shared servers are never touched). Both databases live on the
 * private cluster; each process migrates its own at boot, as in production.
 */
export class RestartLab {
  private readonly clients: PlayerClient[] = [];

  private constructor(
    readonly broker: PrivateBroker,
    readonly pg: PrivatePostgres,
    readonly ledger: LedgerProcess,
    readonly service: ServiceProcess,
    readonly prefix: string,
    readonly serviceDb: string,
    readonly ledgerDb: string,
  ) {}

  static async open(options: RestartLabOptions): Promise<RestartLab> {
    const [broker, pg] = await Promise.all([PrivateBroker.launch(), PrivatePostgres.launch()]);
    let ledger: LedgerProcess | undefined;
    try {
      const prefix = `${uniqueName('rou_restart')}.`;
      await broker.createTopics({ prefix, specs: prefixedTopicSpecs(prefix), topics: TOPICS });
      const ledgerDb = await pg.createDatabase('ledger');
      const serviceDb = await pg.createDatabase('roulette');
      ledger = await LedgerProcess.launch({
        databaseUrl: ledgerDb,
        topicPrefix: prefix,
        groupId: `${prefix}bet-ledger`,
        brokers: broker.brokers,
        env: { ...broker.processEnv('ledger'), LEDGER_CREATE_TOPICS: 'false' },
      });
      for (const table of options.ledgerTables) await ledger.putTable(table);
      for (const [player, amount] of Object.entries(options.deposits))
        await ledger.deposit('op-test', player, 'EUR', amount);
      const service = await ServiceProcess.launch('roulette-service', {
        ...broker.processEnv('roulette'),
        KAFKA_CREATE_TOPICS: 'false',
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_GROUP_ID: `${prefix}roulette-service`,
        DATABASE_URL: serviceDb,
        PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
        DEALER_API_KEY: TEST_DEALER_KEY,
        TABLE_STATE_KEY: TEST_TABLE_STATE_KEY,
        LEDGER_URL: ledger.url,
        LEDGER_BACKOFFICE_TOKEN: ledger.backOfficeToken(),
        TABLES: JSON.stringify(options.tables),
        ...options.env,
      });
      return new RestartLab(broker, pg, ledger, service, prefix, serviceDb, ledgerDb);
    } catch (err) {
      await ledger?.stop().catch(() => undefined);
      await Promise.all([broker.dispose(), pg.dispose()]).catch(() => undefined);
      throw err;
    }
  }

  async connect(playerId: string): Promise<PlayerClient> {
    // The player's launch session recorded at the ledger: it decides bet commands only with its token.
    const token = await this.ledger.openSession('op-test', playerId, 'EUR');
    const client = await PlayerClient.connect(this.service.url, token);
    this.clients.push(client);
    return client;
  }

  async ready(): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(`${this.service.url}/health/ready`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  /** The service's outbox: every event it committed and how many are not sent yet. */
  async outbox(): Promise<{ eventIds: string[]; unsent: number }> {
    const rows = await queryDatabase<{ event_id: string; sent: boolean }>(
      this.serviceDb,
      'SELECT event_id, sent_at IS NOT NULL AS sent FROM game_table_outbox ORDER BY seq',
    );
    return { eventIds: rows.map((r) => r.event_id), unsent: rows.filter((r) => !r.sent).length };
  }

  /** Rows the ledger has not published yet. */
  async ledgerUnsent(): Promise<number> {
    const [{ n }] = await queryDatabase<{ n: number }>(
      this.ledgerDb,
      'SELECT count(*)::int AS n FROM ledger_outbox',
    );
    return n;
  }

  /**
   * Every event on the run's topics (the service's and the ledger's), read from the start until each id of
   * `expected` has come and `settleMs` more have passed (to catch a late copy), or `timeoutMs` at most.
   */
  async events(expected: readonly string[], settleMs = 1_500, timeoutMs = 60_000): Promise<CasinoEvent[]> {
    const consumer = this.broker
      .client('restart-lab-reader')
      .consumer({ groupId: `${this.prefix}reader`, maxWaitTimeMs: 100 });
    const events: CasinoEvent[] = [];
    const missing = new Set(expected);
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: Object.values(prefixedTopics(this.prefix)), fromBeginning: true });
      await consumer.runMessages(async ({ topic, value }) => {
        const decoded = decodeEvent(topic, value);
        if (!decoded.ok) return;
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

  /** `ledger:verify` (the built CLI) on the ledger's database. */
  verifyLedger(): { status: number | null; output: string } {
    return verifyLedgerDatabase(this.ledgerDb);
  }

  async close(): Promise<void> {
    for (const c of this.clients) c.close();
    await this.service.stop().catch(() => undefined);
    await this.ledger.stop().catch(() => undefined);
    await Promise.all([this.broker.dispose(), this.pg.dispose()]);
  }
}
