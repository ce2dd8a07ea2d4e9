import { CasinoEvent, decodeEvent, prefixedTopics, prefixedTopicSpecs, TOPICS } from '@casino/events';
import {
  LedgerCatalogueTable,
  LedgerProcess,
  PrivateBroker,
  PrivatePostgres,
  ServiceProcess,
  uniqueName,
  verifyLedgerDatabase,
} from '@casino/test-support';
import { TEST_DEALER_KEY, TEST_PLAYER_SECRET, TEST_TABLE_STATE_KEY } from '@casino/service-testing';
import { createServer } from 'node:net';

export interface RollingLabOptions {
  tables: unknown[];
  ledgerTables: readonly LedgerCatalogueTable[];
  deposits: Record<string, bigint>;
  /** More service environment (timers, timeouts). */
  env?: Record<string, string>;
}

/** A free TCP port: a restarted ledger keeps its address, so the services' LEDGER_URL stays right. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Two built roulette-service processes (one group, one database, each its own SERVICE_INSTANCE) and two ledger
 * processes (one group, one database) on a Kafka broker and a PostgreSQL cluster of this test alone: what a
 * rolling restart restarts one instance at a time (SIGTERM, then started again with the same settings).
 */
export class RollingLab {
  private constructor(
    readonly broker: PrivateBroker,
    readonly pg: PrivatePostgres,
    readonly ledgers: LedgerProcess[],
    readonly services: ServiceProcess[],
    private readonly serviceEnvs: Record<string, string>[],
    readonly prefix: string,
    readonly ledgerDb: string,
  ) {}

  static async open(options: RollingLabOptions): Promise<RollingLab> {
    const [broker, pg] = await Promise.all([PrivateBroker.launch(), PrivatePostgres.launch()]);
    const ledgers: LedgerProcess[] = [];
    try {
      const prefix = `${uniqueName('rou_rolling')}.`;
      await broker.createTopics({ prefix, specs: prefixedTopicSpecs(prefix), topics: TOPICS });
      const ledgerDb = await pg.createDatabase('ledger');
      const serviceDb = await pg.createDatabase('roulette');
      for (const name of ['ledger-a', 'ledger-b']) {
        ledgers.push(
          await LedgerProcess.launch({
            databaseUrl: ledgerDb,
            topicPrefix: prefix,
            groupId: `${prefix}bet-ledger`,
            brokers: broker.brokers,
            env: {
              ...broker.processEnv('ledger'),
              LEDGER_CREATE_TOPICS: 'false',
              HTTP_PORT: String(await freePort()),
              SERVICE_INSTANCE: name,
            },
          }),
        );
      }
      const [ledger] = ledgers;
      for (const table of options.ledgerTables) await ledger.putTable(table);
      for (const [player, amount] of Object.entries(options.deposits))
        await ledger.deposit('op-test', player, 'EUR', amount);
      const serviceEnvs = ['rou-a', 'rou-b'].map((instance, i) => ({
        ...broker.processEnv('roulette'),
        KAFKA_CREATE_TOPICS: 'false',
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_GROUP_ID: `${prefix}roulette-service`,
        SERVICE_INSTANCE: instance,
        DATABASE_URL: serviceDb,
        PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
        DEALER_API_KEY: TEST_DEALER_KEY,
        TABLE_STATE_KEY: TEST_TABLE_STATE_KEY,
        // Each service instance asks a different ledger instance (both are restarted in turn).
        LEDGER_URL: ledgers[i].url,
        LEDGER_BACKOFFICE_TOKEN: ledger.backOfficeToken(),
        TABLES: JSON.stringify(options.tables),
        ...options.env,
      }));
      const services: ServiceProcess[] = [];
      for (const env of serviceEnvs) services.push(await ServiceProcess.launch('roulette-service', env));
      return new RollingLab(broker, pg, ledgers, services, serviceEnvs, prefix, ledgerDb);
    } catch (err) {
      for (const l of ledgers) await l.stop().catch(() => undefined);
      await Promise.all([broker.dispose(), pg.dispose()]).catch(() => undefined);
      throw err;
    }
  }

  openSession(playerId: string): Promise<string> {
    return this.ledgers[0].openSession('op-test', playerId, 'EUR');
  }

  /** The URL of the running service instance that runs `tableId` now (its GET /tables lists it), if any. */
  async holderOf(tableId: string): Promise<string | undefined> {
    for (const service of this.services) {
      if (!service.running) continue;
      try {
        const res = await fetch(`${service.url}/tables`, { signal: AbortSignal.timeout(2_000) });
        if (!res.ok) continue;
        const rows = (await res.json()) as { id?: string; tableId?: string }[];
        if (rows.some((r) => (r.id ?? r.tableId) === tableId)) return service.url;
      } catch {
        // stopping or not started yet: ask the next one
      }
    }
    return undefined;
  }

  /** SIGTERM (the drain), then the same instance started again with the same settings. */
  async restartService(i: number): Promise<{ stopMs: number }> {
    const at = Date.now();
    await this.services[i].stop(30_000);
    const stopMs = Date.now() - at;
    if (this.services[i].exited?.signal === 'SIGKILL') throw new Error(`service ${i} did not stop in 30 s`);
    this.services[i] = await ServiceProcess.launch('roulette-service', this.serviceEnvs[i]);
    return { stopMs };
  }

  async restartLedger(i: number): Promise<{ stopMs: number }> {
    const at = Date.now();
    await this.ledgers[i].stop(30_000);
    const stopMs = Date.now() - at;
    await this.ledgers[i].start(true, 60_000);
    return { stopMs };
  }

  balance(playerId: string): Promise<bigint> {
    return this.ledgers[0].balance('op-test', playerId, 'EUR');
  }

  /** Every event on the run's topics, read from the start until nothing new has come for `quietMs`. */
  async events(quietMs = 2_000, timeoutMs = 60_000): Promise<CasinoEvent[]> {
    const consumer = this.broker
      .client('rolling-lab-reader')
      .consumer({ groupId: `${this.prefix}reader-${Date.now()}`, maxWaitTimeMs: 100 });
    const events: CasinoEvent[] = [];
    let lastAt = Date.now();
    await consumer.connect();
    try {
      await consumer.subscribe({ topics: Object.values(prefixedTopics(this.prefix)), fromBeginning: true });
      await consumer.runMessages(async ({ topic, value }) => {
        const decoded = decodeEvent(topic, value);
        if (!decoded.ok) return;
        events.push(decoded.event);
        lastAt = Date.now();
      });
      const until = Date.now() + timeoutMs;
      while ((events.length === 0 || Date.now() - lastAt < quietMs) && Date.now() < until)
        await new Promise((r) => setTimeout(r, 100));
      return events;
    } finally {
      await consumer.disconnect();
    }
  }

  verifyLedger(): { status: number | null; output: string } {
    return verifyLedgerDatabase(this.ledgerDb);
  }

  logs(): string {
    return [
      ...this.services.map((s, i) => `--- service ${i} ---\n${s.tail(60)}`),
      ...this.ledgers.map((l, i) => `--- ledger ${i} ---\n${l.tail(30)}`),
    ].join('\n');
  }

  async close(): Promise<void> {
    for (const s of this.services) await s.stop().catch(() => undefined);
    for (const l of this.ledgers) await l.stop().catch(() => undefined);
    await Promise.all([this.broker.dispose(), this.pg.dispose()]);
  }
}
