import { prefixedTopicSpecs, TOPICS } from '@casino/events';
import { PortOverrides, RunningService } from '@casino/table-kit/nest';
import type * as testSupport from '@casino/test-support';
import { TEST_PLAYER_TOKEN_SECRET, testPlayerToken } from '@casino/test-support';
import { LogLevel } from '@nestjs/common';
import { LiveTable, LiveTableOptions, openLiveTable, TestDatabaseHandle, TestEnv } from './live-table';
import { TEST_DEALER_TOKEN_SECRET } from './dealer-accounts';
import { PlayerClient } from './player-client';
import type { LedgerCatalogueTable } from '@casino/test-support';
import { startTestLedger, TestLedger } from './test-ledger';

/** The player-token key of the tests' services and ledgers. */
export const TEST_PLAYER_SECRET = TEST_PLAYER_TOKEN_SECRET;
export const TEST_DEALER_KEY = 'dealer-key-0123456789';
/** Seals the tables' saved state in the e2e tests (not the development default, so the setting is exercised). */
export const TEST_TABLE_STATE_KEY = '7e57'.repeat(16);

/**
 * What a service harness needs of @casino/test-support, passed in by each service's test harness
 * (`import * as testSupport`).
 */
export type TestInfrastructure = Pick<
  typeof testSupport,
  'kafkaBrokers' | 'createKafka' | 'prepareTestTopics' | 'createTestDatabase' | 'uniqueName'
>;

/** The run's Kafka security mode and TLS settings, for a service in this process (never the run's credentials). */
function kafkaSecurityPassThrough(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of ['KAFKA_SECURITY', 'KAFKA_SASL_MECHANISM', 'KAFKA_TLS', 'KAFKA_TLS_CA_FILE']) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

export interface ServiceHarnessOptions<C> {
  /** Short game name in the run's topic prefix, consumer group and database names (e.g. 'bac'). */
  name: string;
  infra: TestInfrastructure;
  loadConfig(env: Record<string, string>): C;
  start(config: C, overrides: PortOverrides, logLevels: LogLevel[]): Promise<RunningService>;
  /** The service's tables as the ledger's table catalogue must hold them (settings as its RoundOpened sends). */
  ledgerTables?(config: C): LedgerCatalogueTable[];
}

export interface DealerResponse {
  status: number;
  body: Record<string, unknown>;
}

/** The helpers of a game service's e2e tests: environment, the real ledger, the service, players, dealer. */
export interface ServiceHarness<C> {
  /**
   * The real bet ledger, as a process, on this test file's topics and database; given the service's environment,
   * with the service's tables registered in its table catalogue.
   */
  startLedger(topicPrefix: string, serviceEnv?: Record<string, string>): Promise<TestLedger>;
  /** Unique topics, consumer group and a fresh database for one test file. */
  createTestEnv(tables: unknown[], extra?: Record<string, string>): Promise<TestEnv>;
  serviceConfig(env: Record<string, string>): C;
  /** The ledger catalogue entries of `tables` (a service's `TABLES`), as the service registers them. */
  catalogueOf(tables: readonly unknown[]): LedgerCatalogueTable[];
  startService(env: Record<string, string>, overrides?: PortOverrides): Promise<RunningService>;
  /** A token of the player's test launch session (operator op-test), which `connect` records at the ledgers. */
  tokenFor(playerId: string, currency?: string): string;
  /** Connects the player with `tokenFor`'s token, their session recorded first at every ledger still running. */
  connect(url: string, playerId: string): Promise<PlayerClient>;
  /** POSTs a dealer console action with the development key (audited as dealer `automation`). */
  dealer(url: string, tableId: string, action: string, body?: object): Promise<DealerResponse>;
  /** All of the above at once for a test file's beforeAll: env, ledger (with deposits), service, players. */
  openLiveTable(tables: unknown[], options?: LiveTableOptions): Promise<LiveTable>;
}

export function serviceHarness<C>(options: ServiceHarnessOptions<C>): ServiceHarness<C> {
  const { name, infra } = options;

  const dispose = async (disposeTopics: () => Promise<void>, db: TestDatabaseHandle): Promise<void> => {
    await disposeTopics().catch(() => undefined);
    await db.drop();
  };

  /**
   * `<prefix>` + the service's default group (`<game>-service`): on a SASL broker its principal may join only
   * groups named `<prefix><game>…` (docs/kafka-security.md).
   */
  const groupOf = (prefix: string, env: Record<string, string>): string => {
    let group = `${name}_service`;
    try {
      group = (serviceConfig(env) as { KAFKA_GROUP_ID?: string }).KAFKA_GROUP_ID ?? group;
    } catch {
      // A test of a bad configuration: the service will not start anyway.
    }
    return `${prefix}${group}`;
  };

  const tokenFor = (playerId: string, currency = 'EUR'): string =>
    testPlayerToken({ playerId, operatorId: 'op-test', currency }, TEST_PLAYER_SECRET);

  /** The ledgers this harness started and has not seen stopped: a player's session is recorded at each. */
  const ledgers = new Set<TestLedger>();

  const serviceConfig = (env: Record<string, string>): C => options.loadConfig(env);

  const harness: Omit<ServiceHarness<C>, 'openLiveTable'> = {
    async startLedger(topicPrefix, serviceEnv) {
      const started = await startTestLedger({
        topicPrefix,
        brokers: infra.kafkaBrokers(),
        database: () => infra.createTestDatabase(`${name}_ledger`),
      });
      const ledger: TestLedger = {
        ...started,
        deposit: (...args) => started.deposit(...args),
        balance: (...args) => started.balance(...args),
        openSession: (...args) => started.openSession(...args),
        registerTables: (tables) => started.registerTables(tables),
        approveVoid: (...args) => started.approveVoid(...args),
        serviceEnv: () => started.serviceEnv(),
        stop: async () => {
          ledgers.delete(ledger);
          await started.stop();
        },
      };
      ledgers.add(ledger);
      if (serviceEnv && options.ledgerTables) {
        try {
          await ledger.registerTables(options.ledgerTables(serviceConfig(serviceEnv)));
        } catch (err) {
          await ledger.stop();
          throw err;
        }
      }
      return ledger;
    },

    async createTestEnv(tables, extra = {}) {
      const prefix = `${infra.uniqueName(name)}.`;
      // The topics as the admin, and their ACLs on a SASL broker: the service and the ledger may not create them.
      const disposeTopics = await infra.prepareTestTopics(infra.createKafka('test-topics'), prefix, {
        topics: TOPICS,
        specs: prefixedTopicSpecs(prefix),
      });
      const db = await infra.createTestDatabase(name);
      const base = {
        ...kafkaSecurityPassThrough(),
        HTTP_PORT: '0',
        KAFKA_BROKERS: infra.kafkaBrokers().join(','),
        KAFKA_TOPIC_PREFIX: prefix,
        DATABASE_URL: db.url,
        PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
        DEALER_API_KEY: TEST_DEALER_KEY,
        DEALER_TOKEN_SECRET: TEST_DEALER_TOKEN_SECRET,
        TABLE_STATE_KEY: TEST_TABLE_STATE_KEY,
        TABLES: JSON.stringify(tables),
        ...extra,
      };
      const groupId = extra.KAFKA_GROUP_ID ?? groupOf(prefix, base);
      const env = { ...base, KAFKA_GROUP_ID: groupId };
      return { prefix, groupId, db, env, dispose: () => dispose(disposeTopics, db) };
    },

    serviceConfig,
    catalogueOf: (tables) =>
      options.ledgerTables?.(
        serviceConfig({
          PLAYER_TOKEN_SECRET: TEST_PLAYER_SECRET,
          DEALER_API_KEY: TEST_DEALER_KEY,
          TABLES: JSON.stringify(tables),
        }),
      ) ?? [],
    startService: (env, overrides = {}) => options.start(serviceConfig(env), overrides, ['error', 'warn']),
    tokenFor,
    async connect(url, playerId) {
      for (const ledger of ledgers) await ledger.openSession(playerId);
      return PlayerClient.connect(url, tokenFor(playerId));
    },

    async dealer(url, tableId, action, body = {}) {
      const res = await fetch(`${url}/dealer/tables/${tableId}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-dealer-key': TEST_DEALER_KEY },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
  };
  return { ...harness, openLiveTable: (tables, liveOptions) => openLiveTable(harness, tables, liveOptions) };
}
