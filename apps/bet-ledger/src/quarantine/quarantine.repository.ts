import { Sql } from '@casino/wallet';
import { QuarantineHold, QuarantineStatus } from './quarantine.types';
import { OutboxRow } from '../outbox/outbox.writer';
import { ApplyFailure } from './failure.classifier';
import { ParkRequest, QuarantineEntry, QuarantineSubject, subjectOf } from './quarantine.types';

/** A quarantine row as the back office reads it. */
export interface QuarantinedEvent extends QuarantineEntry {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  payload: Buffer;
  errorCode: string;
  errorMessage: string;
  attempts: number;
  firstFailedAt: string;
  lastFailedAt: string;
  status: QuarantineStatus;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolutionReason: string | null;
}

type RawEntry = {
  id: string;
  event_id: string | null;
  event_type: string | null;
  holds: QuarantineHold;
  table_id: string | null;
  round_id: string | null;
  operator_id: string | null;
  player_id: string | null;
};

type RawRow = RawEntry & {
  topic: string;
  kafka_partition: number;
  kafka_offset: string;
  message_key: string | null;
  payload: Buffer;
  error_code: string;
  error_message: string;
  attempts: number;
  first_failed_at: Date;
  last_failed_at: Date;
  status: QuarantineStatus;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_reason: string | null;
};

const ENTRY_COLUMNS = `id::text AS id, event_id, event_type, holds, table_id, round_id, operator_id, player_id`;
const ROW_COLUMNS = `${ENTRY_COLUMNS}, topic, kafka_partition, kafka_offset::text AS kafka_offset, message_key,
  payload, error_code, error_message, attempts, first_failed_at, last_failed_at, status, resolved_at, resolved_by,
  resolution_reason`;

const toEntry = (r: RawEntry): QuarantineEntry => ({
  id: r.id,
  eventId: r.event_id,
  eventType: r.event_type,
  holds: r.holds,
  tableId: r.table_id,
  roundId: r.round_id,
  operatorId: r.operator_id,
  playerId: r.player_id,
});

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

const toRow = (r: RawRow): QuarantinedEvent => ({
  ...toEntry(r),
  topic: r.topic,
  partition: r.kafka_partition,
  offset: r.kafka_offset,
  key: r.message_key,
  payload: r.payload,
  errorCode: r.error_code,
  errorMessage: r.error_message,
  attempts: r.attempts,
  firstFailedAt: new Date(r.first_failed_at).toISOString(),
  lastFailedAt: new Date(r.last_failed_at).toISOString(),
  status: r.status,
  resolvedAt: iso(r.resolved_at),
  resolvedBy: r.resolved_by,
  resolutionReason: r.resolution_reason,
});

/** PostgreSQL text cannot hold NUL: the dead-letter copy (an outbox row, text) gets U+FFFD instead. */
const asText = (payload: Buffer) => payload.toString('utf8').split('\u0000').join('\uFFFD');

/**
 * Parks a message: its quarantine row (or, for a message parked before at the same coordinates, more attempts
 * and the latest error), its dead-letter copy in the outbox (first parking only) and, for a pending round event,
 * the removal of its pending row. Returns the entry and the outbox row to hand to the relay.
 */
export async function parkMessage(
  sql: Sql,
  req: ParkRequest,
  deadLetterTopic: string,
): Promise<{ entry: QuarantineEntry; outbox: OutboxRow[]; inserted: boolean }> {
  const s: QuarantineSubject = subjectOf(req.event);
  const [row] = await sql.rows<RawEntry & { inserted: boolean }>(
    `INSERT INTO ledger_quarantined_events AS q (topic, kafka_partition, kafka_offset, message_key, event_id,
       event_type, table_id, round_id, operator_id, player_id, holds, payload, error_code, error_message, attempts,
       first_failed_at, last_failed_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, now())
     ON CONFLICT (topic, kafka_partition, kafka_offset) DO UPDATE
       SET attempts = q.attempts + EXCLUDED.attempts, error_code = EXCLUDED.error_code,
           error_message = EXCLUDED.error_message, last_failed_at = now()
     RETURNING ${ENTRY_COLUMNS}, (xmax = 0) AS inserted`,
    [
      req.origin.topic,
      req.origin.partition,
      req.origin.offset,
      req.origin.key,
      s.eventId,
      s.eventType,
      s.tableId,
      s.roundId,
      s.operatorId,
      s.playerId,
      s.holds,
      req.payload,
      req.failure.code,
      req.failure.message,
      req.attempts,
      req.firstFailedAt.toISOString(),
    ],
  );
  const outbox: OutboxRow[] = [];
  if (row.inserted) {
    const key = req.origin.key ?? '';
    const payload = asText(req.payload);
    const [out] = await sql.rows<{ id: string }>(
      `INSERT INTO ledger_outbox (topic, key, payload, event_id, event_type)
       VALUES ($1, $2, $3, $4, 'DeadLetter') RETURNING id::text AS id`,
      [deadLetterTopic, key, payload, `dead-letter:${row.id}`],
    );
    outbox.push({ id: out.id, topic: deadLetterTopic, key, payload });
  }
  if (req.pendingEventId !== undefined)
    await sql.rows(`DELETE FROM ledger_pending_round_events WHERE event_id = $1`, [req.pendingEventId]);
  return { entry: toEntry(row), outbox, inserted: row.inserted };
}

/** Every open entry (the registry's load). */
export async function openQuarantineEntries(sql: Sql): Promise<QuarantineEntry[]> {
  const rows = await sql.rows<RawEntry>(
    `SELECT ${ENTRY_COLUMNS} FROM ledger_quarantined_events WHERE status = 'parked' ORDER BY ledger_quarantined_events.id`,
  );
  return rows.map(toEntry);
}

/** Entries newest first, optionally of one status, before an id (paging). */
export async function listQuarantined(
  sql: Sql,
  filter: { status?: QuarantineStatus; limit: number; beforeId?: string },
): Promise<QuarantinedEvent[]> {
  const rows = await sql.rows<RawRow>(
    `SELECT ${ROW_COLUMNS} FROM ledger_quarantined_events
     WHERE ($1::text IS NULL OR status = $1) AND ($2::bigint IS NULL OR id < $2)
     ORDER BY ledger_quarantined_events.id DESC LIMIT $3`,
    [filter.status ?? null, filter.beforeId ?? null, filter.limit],
  );
  return rows.map(toRow);
}

/** One entry, locked for the transaction when `lock` (a retry or discard decides on it). */
export async function findQuarantined(
  sql: Sql,
  id: string,
  lock = false,
): Promise<QuarantinedEvent | undefined> {
  const [row] = await sql.rows<RawRow>(
    `SELECT ${ROW_COLUMNS} FROM ledger_quarantined_events WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [id],
  );
  return row ? toRow(row) : undefined;
}

/** Resolves an entry (retried and applied, or discarded) and audits who did it and why. */
export async function resolveQuarantined(
  sql: Sql,
  id: string,
  how: { status: 'retried' | 'discarded'; actor: string; reason: string },
): Promise<void> {
  await sql.rows(
    `WITH resolved AS (
       UPDATE ledger_quarantined_events SET status = $2, resolved_at = now(), resolved_by = $3,
         resolution_reason = $4
       WHERE id = $1 RETURNING id)
     INSERT INTO ledger_quarantine_actions (quarantine_id, action, actor, reason, outcome)
     SELECT id, $5, $3, $4, $6 FROM resolved`,
    [
      id,
      how.status,
      how.actor,
      how.reason,
      how.status === 'retried' ? 'retry' : 'discard',
      how.status === 'retried' ? 'applied' : 'discarded',
    ],
  );
}

/** A retry that failed: one more attempt, the latest error, and the audited action. */
export async function recordFailedRetry(
  sql: Sql,
  id: string,
  who: { actor: string; reason: string },
  failure: ApplyFailure,
): Promise<void> {
  await sql.rows(
    `WITH failed AS (
       UPDATE ledger_quarantined_events SET attempts = attempts + 1, error_code = $4, error_message = $5,
         last_failed_at = now()
       WHERE id = $1 RETURNING id)
     INSERT INTO ledger_quarantine_actions (quarantine_id, action, actor, reason, outcome, error_code, error_message)
     SELECT id, 'retry', $2, $3, 'failed', $4, $5 FROM failed`,
    [id, who.actor, who.reason, failure.code, failure.message],
  );
}

/** The audited actions on an entry, oldest first. */
export async function quarantineActions(
  sql: Sql,
  id: string,
): Promise<
  {
    action: string;
    actor: string;
    reason: string;
    outcome: string;
    errorCode: string | null;
    at: string;
  }[]
> {
  const rows = await sql.rows<{
    action: string;
    actor: string;
    reason: string;
    outcome: string;
    error_code: string | null;
    acted_at: Date;
  }>(
    `SELECT action, actor, reason, outcome, error_code, acted_at FROM ledger_quarantine_actions
     WHERE quarantine_id = $1 ORDER BY id`,
    [id],
  );
  return rows.map((r) => ({
    action: r.action,
    actor: r.actor,
    reason: r.reason,
    outcome: r.outcome,
    errorCode: r.error_code,
    at: new Date(r.acted_at).toISOString(),
  }));
}
