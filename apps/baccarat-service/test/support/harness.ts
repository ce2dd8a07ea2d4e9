import { prefixedTopicSpecs } from '@casino/events';
import {
  mintPlayerToken,
  PlayerClient,
  startTestLedger,
  TestLedger,
} from '@casino/table-kit';
import {
  createKafka,
  createTestDatabase,
  deleteTopics,
  kafkaBrokers,
  TestDatabase,
  uniqueName,
} from '@casino/test-support';
import { PortOverrides as AppOverrides } from '@casino/table-kit';
import { RunningService, startBaccaratService } from '../../src/app/bootstrap';
import { BaccaratServiceConfig, loadBaccaratConfig } from '../../src/config/baccarat-config';

export const SECRET = 'test-secret-0123456789';
export const DEALER_KEY = 'dealer-key-0123456789';

/** The real bet ledger, as a process, on this test file's topics and database. */
export function startLedger(topicPrefix: string): Promise<TestLedger> {
  return startTestLedger({
    topicPrefix,
    brokers: kafkaBrokers(),
    database: () => createTestDatabase('bac_ledger'),
  });
}

export interface TestEnv {
  prefix: string;
  groupId: string;
  db: TestDatabase;
  env: Record<string, string>;
  /** Drops the database and deletes the run's topics. */
  dispose(): Promise<void>;
}

async function dispose(prefix: string, db: TestDatabase): Promise<void> {
  await deleteTopics(
    createKafka('test-cleanup'),
    prefixedTopicSpecs(prefix).map((t) => t.name),
  ).catch(() => undefined);
  await db.drop();
}

/** Unique topics, consumer group and a fresh database for one test file. */
export async function createTestEnv(tables: unknown[], extra: Record<string, string> = {}): Promise<TestEnv> {
  const prefix = `${uniqueName('bac')}.`;
  const groupId = uniqueName('bac_service');
  const db = await createTestDatabase('bac');
  const env = {
    HTTP_PORT: '0',
    KAFKA_BROKERS: kafkaBrokers().join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_GROUP_ID: groupId,
    DATABASE_URL: db.url,
    PLAYER_TOKEN_SECRET: SECRET,
    DEALER_API_KEY: DEALER_KEY,
    TABLES: JSON.stringify(tables),
    ...extra,
  };
  return { prefix, groupId, db, env, dispose: () => dispose(prefix, db) };
}

export function serviceConfig(env: Record<string, string>): BaccaratServiceConfig {
  return loadBaccaratConfig(env);
}

export function startService(
  env: Record<string, string>,
  overrides: AppOverrides = {},
): Promise<RunningService> {
  return startBaccaratService(serviceConfig(env), overrides, ['error', 'warn']);
}

export function tokenFor(playerId: string, currency = 'EUR'): string {
  return mintPlayerToken({ playerId, operatorId: 'op-test', currency }, SECRET);
}

export function connect(url: string, playerId: string): Promise<PlayerClient> {
  return PlayerClient.connect(url, tokenFor(playerId));
}

export async function dealer(
  url: string,
  tableId: string,
  action: string,
  body: object = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${url}/dealer/tables/${tableId}/${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-dealer-key': DEALER_KEY },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
