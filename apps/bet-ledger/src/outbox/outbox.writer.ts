import { CasinoEvent, encodeEvent, eventKey, topicFor, Topics } from '@casino/events';
import { Sql } from '@casino/wallet';
import { Statement } from '../database/write.batch';

/**
 * Outgoing events of one transaction, inserted together at its end: they are published if and only if the
 * transaction's effects committed.
 */
export class OutboxBatch {
  private readonly topic: string[] = [];
  private readonly key: string[] = [];
  private readonly payload: string[] = [];
  private readonly eventId: string[] = [];
  private readonly eventType: string[] = [];

  constructor(private readonly topics: Topics) {}

  add(event: CasinoEvent): void {
    this.topic.push(topicFor(event, this.topics));
    this.key.push(eventKey(event));
    this.payload.push(encodeEvent(event));
    this.eventId.push(event.id);
    this.eventType.push(event.type);
  }

  get size(): number {
    return this.topic.length;
  }

  statement(): Statement | undefined {
    if (this.topic.length === 0) return undefined;
    return {
      text: `INSERT INTO ledger_outbox (topic, key, payload, event_id, event_type)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])`,
      params: [this.topic, this.key, this.payload, this.eventId, this.eventType],
    };
  }

  async flush(sql: Sql): Promise<void> {
    const s = this.statement();
    if (s) await sql.rows(s.text, s.params);
  }
}
