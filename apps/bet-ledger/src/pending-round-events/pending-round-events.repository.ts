import { encodeEvent, RoundEvent } from '@casino/events';
import { Sql } from '@casino/wallet';
import { MessageOrigin } from '../quarantine/quarantine.types';

/** Where a round event stands before it is applied. */
export type RoundEventGate =
  /** The round is known and nothing waits before the event: its id is now recorded, apply it. */
  | 'apply'
  /** Applied before (its id is recorded). */
  | 'duplicate'
  /** The round is not known yet: keep the event. */
  | 'round-unknown'
  /** Earlier events of the round are still kept: they go first. */
  | 'behind-pending';

/**
 * For a BettingClosed, RoundResult or RoundVoided: in one statement, whether its round is known and has kept
 * events, and, when it is known with none kept, its id recorded as processed (so the caller applies it in the
 * same transaction).
 */
export async function gateRoundEvent(sql: Sql, event: RoundEvent): Promise<RoundEventGate> {
  const [row] = await sql.rows<{ known: boolean; pending: boolean; fresh: number }>(
    `WITH state AS (
       -- A round whose RoundOpened the catalogue refused is known too: its events are skipped, not kept.
       SELECT (EXISTS (SELECT 1 FROM ledger_rounds WHERE table_id = $1 AND round_id = $2)
               OR EXISTS (SELECT 1 FROM ledger_table_refusals WHERE table_id = $1 AND round_id = $2)) AS known,
              EXISTS (SELECT 1 FROM ledger_pending_round_events WHERE table_id = $1 AND round_id = $2) AS pending),
     fresh AS (
       INSERT INTO ledger_processed_events (event_id) SELECT $3 FROM state WHERE known AND NOT pending
       ON CONFLICT (event_id) DO NOTHING RETURNING 1)
     SELECT known, pending, (SELECT count(*) FROM fresh)::int AS fresh FROM state`,
    [event.tableId, event.roundId, event.id],
  );
  if (!row.known) return 'round-unknown';
  if (row.pending) return 'behind-pending';
  return row.fresh > 0 ? 'apply' : 'duplicate';
}

/**
 * Serializes, per round, keeping its events with taking them out (until the transaction ends). Without it, a
 * redelivered copy could be kept again while the first is being applied: its read of the processed ids would
 * predate that commit.
 */
export async function lockRoundPending(sql: Sql, tableId: string, roundId: string): Promise<void> {
  await sql.rows(`SELECT pg_advisory_xact_lock(hashtextextended($1, 7140560004))`, [
    JSON.stringify([tableId, roundId]),
  ]);
}

/** Keeps an event of a round not known yet; false when it was kept or applied before (a redelivery). */
export async function keepPendingEvent(sql: Sql, event: RoundEvent, origin: MessageOrigin): Promise<boolean> {
  const rows = await sql.rows(
    `INSERT INTO ledger_pending_round_events (event_id, table_id, round_id, event_type, payload, topic,
       kafka_partition, kafka_offset, message_key)
     SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
     WHERE NOT EXISTS (SELECT 1 FROM ledger_processed_events WHERE event_id = $1)
     ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [
      event.id,
      event.tableId,
      event.roundId,
      event.type,
      encodeEvent(event),
      origin.topic,
      origin.partition,
      origin.offset,
      origin.key,
    ],
  );
  return rows.length > 0;
}

/** A kept event, taken out of the table (the transaction that applies it deletes it). */
export interface PendingRoundEvent {
  eventId: string;
  eventType: string;
  payload: string;
  origin: MessageOrigin;
}

/**
 * Takes the oldest kept event of a round, or undefined when none is left. Rows another transaction is taking are
 * skipped, so two drains of one round never apply the same event twice.
 */
export async function takeOldestPending(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<PendingRoundEvent | undefined> {
  const [row] = await sql.rows<{
    event_id: string;
    event_type: string;
    payload: string;
    topic: string;
    kafka_partition: number;
    kafka_offset: string;
    message_key: string | null;
  }>(
    `DELETE FROM ledger_pending_round_events p
     USING (SELECT seq FROM ledger_pending_round_events WHERE table_id = $1 AND round_id = $2
            ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED) oldest
     WHERE p.seq = oldest.seq
     RETURNING p.event_id, p.event_type, p.payload, p.topic, p.kafka_partition, p.kafka_offset::text AS kafka_offset,
       p.message_key`,
    [tableId, roundId],
  );
  if (!row) return undefined;
  return {
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    origin: {
      topic: row.topic,
      partition: row.kafka_partition,
      offset: row.kafka_offset,
      key: row.message_key,
    },
  };
}

/** Rounds that are known and still have kept events (left by a crash between a RoundOpened and its drain). */
export async function roundsWithPendingEvents(sql: Sql): Promise<{ tableId: string; roundId: string }[]> {
  const rows = await sql.rows<{ table_id: string; round_id: string }>(
    `SELECT DISTINCT p.table_id, p.round_id FROM ledger_pending_round_events p
     JOIN ledger_rounds r ON r.table_id = p.table_id AND r.round_id = p.round_id`,
  );
  return rows.map((r) => ({ tableId: r.table_id, roundId: r.round_id }));
}
