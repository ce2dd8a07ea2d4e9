import { Sql } from '@casino/wallet';

/** Records the event's id; false when it was processed before (a redelivery finds its id already there). */
export async function recordProcessed(sql: Sql, eventId: string): Promise<boolean> {
  const inserted = await sql.rows(
    `INSERT INTO ledger_processed_events (event_id) VALUES ($1) ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [eventId],
  );
  return inserted.length > 0;
}

/** Records many events' ids at once; returns those not processed before. */
export async function recordProcessedIds(sql: Sql, eventIds: readonly string[]): Promise<Set<string>> {
  const inserted = await sql.rows<{ event_id: string }>(
    `INSERT INTO ledger_processed_events (event_id) SELECT unnest($1::text[])
     ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
    [eventIds],
  );
  return new Set(inserted.map((r) => r.event_id));
}
