import { CasinoEvent, encodeEvent, eventKey, topicFor, Topics } from '@casino/events';
import { Sql } from '@casino/wallet';
import { Statement } from '../database/write.batch';

/** An outbox row as the relay publishes it. */
export interface OutboxRow {
  id: string;
  topic: string;
  key: string;
  payload: string;
}

/** Takes the outbox rows of a transaction that has just committed (the relay publishes them at once). */
export type CommittedOutbox = (rows: OutboxRow[]) => void;

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
  /** The events added, in order (a dry run reads its decision here). */
  readonly events: CasinoEvent[] = [];

  constructor(private readonly topics: Topics) {}

  /** An empty batch for the same topics (a dry run's, never written). */
  sibling(): OutboxBatch {
    return new OutboxBatch(this.topics);
  }

  add(event: CasinoEvent): void {
    this.events.push(event);
    this.topic.push(topicFor(event, this.topics));
    this.key.push(eventKey(event));
    this.payload.push(encodeEvent(event));
    this.eventId.push(event.id);
    this.eventType.push(event.type);
  }

  /**
   * Replaces each group of events (`groupOf` names an event's group, undefined for none) by the one event `build`
   * makes of the group's events, at the place of the group's first event: a bet slip's decisions become its one
   * answer (messaging/bet-slips.ts), ordered where its first decision was.
   */
  fold(
    groupOf: (event: CasinoEvent) => string | undefined,
    build: (group: string, events: CasinoEvent[]) => CasinoEvent,
  ): void {
    const groups = new Map<string, CasinoEvent[]>();
    const places: (number | string)[] = [];
    this.events.forEach((event, i) => {
      const group = groupOf(event);
      if (group === undefined) return void places.push(i);
      const members = groups.get(group);
      if (members) return void members.push(event);
      groups.set(group, [event]);
      places.push(group);
    });
    if (groups.size === 0) return;
    const kept = { topic: [...this.topic], key: [...this.key], payload: [...this.payload] };
    const events = [...this.events];
    const eventId = [...this.eventId];
    const eventType = [...this.eventType];
    for (const list of [this.topic, this.key, this.payload, this.eventId, this.eventType, this.events])
      list.length = 0;
    for (const place of places) {
      if (typeof place === 'string') {
        this.add(build(place, groups.get(place) ?? []));
        continue;
      }
      this.events.push(events[place]);
      this.topic.push(kept.topic[place]);
      this.key.push(kept.key[place]);
      this.payload.push(kept.payload[place]);
      this.eventId.push(eventId[place]);
      this.eventType.push(eventType[place]);
    }
  }

  get size(): number {
    return this.topic.length;
  }

  /** The insert; it returns each row's id with its event id (see `rows`). */
  statement(): Statement | undefined {
    if (this.topic.length === 0) return undefined;
    return {
      text: `INSERT INTO ledger_outbox (topic, key, payload, event_id, event_type)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
       RETURNING id::text AS outbox_id, event_id AS outbox_event_id`,
      params: [this.topic, this.key, this.payload, this.eventId, this.eventType],
      returnsRows: true,
    };
  }

  /** The inserted rows, in the order the events were added, from what the insert returned. */
  rows(inserted: readonly InsertedOutboxRow[]): OutboxRow[] {
    const ids = new Map(inserted.map((r) => [r.outbox_event_id, r.outbox_id] as const));
    return this.topic.map((topic, i) => {
      const id = ids.get(this.eventId[i]);
      if (id === undefined) throw new Error(`outbox row of event ${this.eventId[i]} was not inserted`);
      return { id, topic, key: this.key[i], payload: this.payload[i] };
    });
  }

  async flush(sql: Sql): Promise<OutboxRow[]> {
    const s = this.statement();
    return s ? this.rows(await sql.rows<InsertedOutboxRow>(s.text, s.params)) : [];
  }
}

export interface InsertedOutboxRow {
  outbox_id: string;
  outbox_event_id: string;
}
