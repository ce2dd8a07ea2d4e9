import { LedgerProcess } from '@casino/test-support';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Harness } from './ledger-harness';

const MAIN = path.join(__dirname, '..', '..', 'dist', 'main.js');

/**
 * The built ledger (dist/main.js) as a child process on the harness's database, topics and group, with quick
 * retries, started and healthy: the fault tests run against the real process.
 */
export async function startLedgerChild(h: Harness, env: Record<string, string> = {}): Promise<LedgerProcess> {
  if (!existsSync(MAIN)) throw new Error('build the ledger first: npx tsc -p tsconfig.build.json');
  const ledger = new LedgerProcess(MAIN, {
    DATABASE_URL: h.db.url,
    KAFKA_TOPIC_PREFIX: h.prefix,
    KAFKA_GROUP_ID: h.config.KAFKA_GROUP_ID,
    HTTP_PORT: '0',
    LOG_LEVEL: 'warn',
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    KAFKA_HEARTBEAT_MS: '500',
    LEDGER_CREATE_TOPICS: 'false',
    LEDGER_POISON_ATTEMPTS: '2',
    LEDGER_RETRY_BACKOFF_MS: '10',
    LEDGER_RETRY_MAX_BACKOFF_MS: '200',
    LEDGER_QUARANTINE_REFRESH_MS: '500',
    ...env,
  });
  await ledger.start(true, 60_000);
  await ledger.waitHealthy(60_000);
  return ledger;
}

/** A back-office request to the child ledger: status and parsed JSON body. */
export async function backOfficeCall<T = Record<string, unknown>>(
  ledger: LedgerProcess,
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${ledger.url}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${ledger.backOfficeToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
}

export interface QuarantineRow {
  id: string;
  topic: string;
  kafka_partition: number;
  kafka_offset: string;
  message_key: string | null;
  event_id: string | null;
  event_type: string | null;
  holds: string;
  error_code: string;
  error_message: string;
  attempts: number;
  status: string;
  payload: Buffer;
}

export async function quarantineRows(h: Harness): Promise<QuarantineRow[]> {
  return h.ds.query(
    `SELECT id::text AS id, topic, kafka_partition, kafka_offset::text AS kafka_offset, message_key, event_id,
       event_type, holds, error_code, error_message, attempts, status, payload
     FROM ledger_quarantined_events ORDER BY ledger_quarantined_events.id`,
  );
}

/** The child ledger's /health body. */
export async function healthOf(ledger: LedgerProcess): Promise<{
  quarantine: { open: number; parkedHere: number; transientRetries: number };
  pendingRoundEvents: number;
  consumer: { parked: number; held: number; pending: number; duplicates: number };
}> {
  const res = await fetch(`${ledger.url}/health`);
  return (await res.json()) as never;
}
