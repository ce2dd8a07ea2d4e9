import { prefixedTopicSpecs } from '@casino/events';
import {
  mintPlayerToken,
  PlayerClient,
  PortOverrides,
  RunningService,
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
import { startBlackjackService } from '../../src/app/bootstrap';
import { loadBlackjackConfig } from '../../src/config/blackjack-config';

export const SECRET = 'test-secret-0123456789';
export const DEALER_KEY = 'dealer-key-0123456789';

/** The real bet ledger, as a process, on this test file's topics and database. */
export function startLedger(topicPrefix: string): Promise<TestLedger> {
  return startTestLedger({
    topicPrefix,
    brokers: kafkaBrokers(),
    database: () => createTestDatabase('bj_ledger'),
  });
}

export interface TestEnv {
  prefix: string;
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

export async function createTestEnv(tables: unknown[]): Promise<TestEnv> {
  const prefix = `${uniqueName('bj')}.`;
  const db = await createTestDatabase('bj');
  const env = {
    HTTP_PORT: '0',
    KAFKA_BROKERS: kafkaBrokers().join(','),
    KAFKA_TOPIC_PREFIX: prefix,
    KAFKA_GROUP_ID: uniqueName('bj_service'),
    DATABASE_URL: db.url,
    PLAYER_TOKEN_SECRET: SECRET,
    DEALER_API_KEY: DEALER_KEY,
    TABLES: JSON.stringify(tables),
  };
  return { prefix, db, env, dispose: () => dispose(prefix, db) };
}

export function startService(
  env: Record<string, string>,
  overrides: PortOverrides = {},
): Promise<RunningService> {
  return startBlackjackService(loadBlackjackConfig(env), overrides, ['error', 'warn']);
}

export function connect(url: string, playerId: string): Promise<PlayerClient> {
  return PlayerClient.connect(
    url,
    mintPlayerToken({ playerId, operatorId: 'op-test', currency: 'EUR' }, SECRET),
  );
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

/** Scans cards one by one; each must be accepted. */
export async function scan(url: string, tableId: string, cards: string[]): Promise<void> {
  for (const card of cards) {
    const r = await dealer(url, tableId, 'card', { card });
    if (r.status !== 200) throw new Error(`card ${card} refused: ${JSON.stringify(r.body)}`);
  }
}
