import {
  CasinoEvent,
  decodeEvent,
  encodeEventBuffer,
  eventKey,
  prefixedTopics,
  prefixedTopicSpecs,
  topicFor,
  Topics,
  TOPICS,
} from '@casino/events';
import {
  createKafka,
  createTestDatabase,
  prepareTestTopics,
  recordTestSessions,
  sessionsOfCommands,
  TestDatabase,
  uniqueName,
} from '@casino/test-support';
import { InvariantCheck, sqlOf } from '@casino/wallet';
import { INestApplication } from '@nestjs/common';
import { KafkaClient, KafkaConsumer, KafkaProducer } from '@casino/kafka';
import { DataSource, DataSourceOptions } from 'typeorm';
import { createLedgerApp } from '../../src/app/app.factory';
import { runLedgerChecks } from '../../src/cli/ledger-checks';
import { LedgerConfig, loadLedgerConfig } from '../../src/config/ledger-config';
import { ledgerDataSourceOptions, runLedgerMigrations } from '../../src/database/data-source';
import { SessionProofKeys } from '../../src/session-proofs/session-proof';
import { registerTablesOf } from './catalogue';

/** Partitions per topic in tests: enough to exercise several, few enough to create quickly. */
const TEST_PARTITIONS = 3;

export interface Harness {
  db: TestDatabase;
  kafka: KafkaClient;
  topics: Topics;
  prefix: string;
  config: LedgerConfig;
  ds: DataSource;
  received: CasinoEvent[];
  /**
   * Sends events; the table of a RoundOpened is registered in the ledger's table catalogue first, and the launch
   * sessions the bet commands' tokens name are recorded (as a player's launch through /v1/sessions does).
   */
  send(...events: CasinoEvent[]): Promise<void>;
  /** Sends events as they are (no table registered): what a foreign or misconfigured producer does. */
  sendUnregistered(...events: CasinoEvent[]): Promise<void>;
  /** Sends events to `topic` whatever their game (another game's service's topic, as only the admin may). */
  sendOn(topic: string, ...events: CasinoEvent[]): Promise<void>;
  startLedger(overrides?: Partial<Record<string, string>>): Promise<INestApplication>;
  stopLedger(): Promise<void>;
  url(path: string): string;
  /** Resolves with every event received that matches, once there are `count` of them (copies included). */
  waitFor<T extends CasinoEvent>(
    pred: (e: CasinoEvent) => e is T,
    count?: number,
    timeoutMs?: number,
  ): Promise<T[]>;
  /**
   * Resolves with the first matching event of each key once `count` keys have one. After a crash the relay may
   * publish an event again (same id), so counting deliveries could resolve before every key was answered.
   */
  waitForEach<T extends CasinoEvent>(
    pred: (e: CasinoEvent) => e is T,
    keyOf: (e: T) => string,
    count: number,
    timeoutMs?: number,
  ): Promise<T[]>;
  checks(): Promise<InvariantCheck[]>;
  close(): Promise<void>;
}

/** A fresh database, prefixed topics, a producer and a collector of everything the ledger publishes. */
export async function createHarness(name: string): Promise<Harness> {
  const db = await createTestDatabase(name);
  const prefix = uniqueName(name) + '.';
  const topics = prefixedTopics(prefix);
  const kafka = createKafka(uniqueName(`${name}-test`));
  // As the admin; on a SASL broker the ledger (principal `ledger`) gets the prefix's ACLs.
  const disposeTopics = await prepareTestTopics(kafka, prefix, {
    topics: TOPICS,
    specs: prefixedTopicSpecs(prefix),
    maxPartitions: TEST_PARTITIONS,
  });
  const config = loadLedgerConfig({
    ...ledgerKafkaEnv(),
    DATABASE_URL: db.url,
    KAFKA_TOPIC_PREFIX: prefix,
    // The ledger principal may join only groups named `<prefix>bet-ledger…` (docs/kafka-security.md).
    KAFKA_GROUP_ID: `${prefix}bet-ledger`,
    HTTP_PORT: '0',
    LOG_LEVEL: 'warn',
    DB_POOL_SIZE: '8',
  });
  // A name of its own: fault tests terminate the ledger's sessions ('bet-ledger'), not the harness's.
  const ds = await new DataSource({
    ...ledgerDataSourceOptions(db.url, 4),
    applicationName: 'ledger-test-harness',
  } as DataSourceOptions).initialize();
  await runLedgerMigrations(ds);
  const producer: KafkaProducer = kafka.producer();
  await producer.connect();
  const received: CasinoEvent[] = [];
  const collector: KafkaConsumer = kafka.consumer({
    groupId: uniqueName(`${name}-collector`),
    maxWaitTimeMs: 50,
  });
  await collector.connect();
  await collector.subscribe({
    topics: [topics.betDecisions, topics.roundBets, topics.settlements, topics.wallet, topics.sessions],
    fromBeginning: true,
  });
  const waiters = new Set<() => void>();
  await collector.runMessages(async ({ topic, value }) => {
    const decoded = decodeEvent(topic, value);
    if (!decoded.ok) throw new Error(`ledger published an invalid event: ${decoded.message}`);
    received.push(decoded.event);
    for (const w of waiters) w();
  });
  let app: INestApplication | undefined;
  let baseUrl = '';

  const h: Harness = {
    db,
    kafka,
    topics,
    prefix,
    config,
    ds,
    received,
    async send(...events) {
      await registerTablesOf(ds, events);
      await recordTestSessions((sql, params) => ds.query(sql, params), sessionsOfCommands(events));
      await h.sendUnregistered(...events);
    },
    async sendUnregistered(...events) {
      await producer.send(
        events.map((e) => ({
          topic: topicFor(e, topics),
          messages: [{ key: eventKey(e), value: encodeEventBuffer(e) }],
        })),
      );
    },
    async sendOn(topic, ...events) {
      await producer.send([
        { topic, messages: events.map((e) => ({ key: eventKey(e), value: encodeEventBuffer(e) })) },
      ]);
    },
    async startLedger(overrides = {}) {
      const cfg = loadLedgerConfig({
        ...ledgerKafkaEnv(),
        DATABASE_URL: db.url,
        KAFKA_TOPIC_PREFIX: prefix,
        KAFKA_GROUP_ID: config.KAFKA_GROUP_ID,
        HTTP_PORT: '0',
        LOG_LEVEL: 'warn',
        DB_POOL_SIZE: '8',
        ...overrides,
      });
      app = await createLedgerApp(cfg);
      await app.listen(0, '127.0.0.1');
      const address = app.getHttpServer().address();
      baseUrl = `http://127.0.0.1:${address.port}`;
      return app;
    },
    async stopLedger() {
      await app?.close();
      app = undefined;
    },
    url: (path) => baseUrl + path,
    waitFor(pred, count = 1, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.filter(pred);
          if (found.length >= count) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(found as never);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for ${count} events (have ${received.filter(pred).length})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    async waitForEach(pred, keyOf, count, timeoutMs = 20_000) {
      const firstOfEach = () => {
        const matching = received.filter(pred);
        return matching.filter((e, i) => matching.findIndex((o) => keyOf(o) === keyOf(e)) === i);
      };
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = firstOfEach();
        if (found.length >= count) return found;
        await h.waitFor(pred, received.filter(pred).length + 1, Math.max(1, deadline - Date.now()));
      }
    },
    async checks() {
      const runner = ds.createQueryRunner();
      try {
        return await runLedgerChecks(sqlOf(runner));
      } finally {
        await runner.release();
      }
    },
    async close() {
      await h.stopLedger();
      await collector.disconnect();
      await producer.disconnect();
      await ds.destroy();
      await disposeTopics();
      await db.drop();
    },
  };
  return h;
}

/**
 * The test run's brokers and Kafka security for a ledger in this process: the mode and TLS settings, never the run's own
 * username or password (the tests' clients are the admin; this ledger is the `ledger` principal).
 */
export function ledgerKafkaEnv(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [
    'KAFKA_SECURITY',
    'KAFKA_SASL_MECHANISM',
    'KAFKA_TLS',
    'KAFKA_TLS_CA_FILE',
    'KAFKA_BROKERS',
  ]) {
    const value = process.env[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** What the harness's ledger checks bet commands' player tokens with (for a LedgerProcessor of a test's own). */
export function sessionKeysOf(h: Harness): SessionProofKeys {
  return {
    secret: h.config.PLAYER_TOKEN_SECRET,
    maxLifetimeSeconds: h.config.PLAYER_TOKEN_MAX_TTL_SECONDS,
  };
}

/** The back-office credential of the harness's ledger (its configuration's token). */
export function backOffice(h: Harness): { authorization: string } {
  return { authorization: `Bearer ${h.config.LEDGER_BACKOFFICE_TOKEN}` };
}

/** Deposits through the REST API (which also proves the API works). */
export async function deposit(
  h: Harness,
  operatorId: string,
  playerId: string,
  amount: bigint,
  currency = 'EUR',
) {
  const res = await fetch(h.url(`/operators/${operatorId}/players/${playerId}/deposits`), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...backOffice(h) },
    body: JSON.stringify({
      currency,
      amount: amount.toString(),
      idempotencyKey: `${playerId}-${amount}-${Date.now()}`,
    }),
  });
  if (res.status !== 200) throw new Error(`deposit failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as { balance: string; duplicate: boolean };
}

export async function balanceOf(
  h: Harness,
  operatorId: string,
  playerId: string,
  currency = 'EUR',
): Promise<bigint> {
  const rows: { balance: string }[] = await h.ds.query(
    `SELECT balance FROM wallet_accounts WHERE kind = 'player' AND operator_id = $1 AND player_id = $2 AND currency = $3`,
    [operatorId, playerId, currency],
  );
  return rows.length ? BigInt(rows[0].balance) : 0n;
}
