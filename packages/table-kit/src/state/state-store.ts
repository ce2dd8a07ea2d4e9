import { CasinoEvent, encodeEvent } from '@casino/events';
import { fromSnapshotJson, toSnapshotJson } from './json-codec';

/** An event waiting in the outbox: its place in the publication order and its JSON (as on the wire). */
export interface OutboxEntry {
  /** Increases with every event an instance commits (a decimal string: it is a bigint in PostgreSQL). */
  seq: string;
  tableId: string;
  eventId: string;
  event: string;
}

/** Where the relay reads the events to publish. */
export interface OutboxSource {
  /**
   * The instance's events not published yet, oldest first: neither parked ones nor any of a table with a parked
   * event (they wait behind it), nor those of `holdTables`.
   */
  unsent(limit: number, holdTables?: readonly string[]): Promise<OutboxEntry[]>;
  /** Kafka has them. */
  markSent(seqs: readonly string[]): Promise<void>;
  /** Kafka refused it for good: kept with its error, not published, and its table's later events wait. */
  park(seq: string, error: string): Promise<void>;
  /** Forgets events published more than `olderThanMs` ago (kept until then so a retried commit adds none twice). */
  purgeSent(olderThanMs: number): Promise<void>;
}

/**
 * Keeps one snapshot per table, so a restarted service resumes or voids its rounds, and the outbox: a table step's
 * new snapshot and the events it emitted are committed together, then a relay publishes the events.
 */
export interface StateStore extends OutboxSource {
  load(tableId: string): Promise<unknown | undefined>;
  /**
   * Saves the snapshot and appends `events` to the outbox in one transaction. An event whose id is already in the
   * outbox is not added again: a commit retried after an unknown outcome (a lost connection) duplicates nothing,
   * and an event emitted again after a restart (a finished round's result) is published once. Resolves with the
   * ids it added.
   */
  commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** For tests and demos without PostgreSQL: survives nothing but a re-created service in the same process. */
export class MemoryStateStore implements StateStore {
  private readonly rows = new Map<string, string>();
  private readonly outbox: (OutboxEntry & { sent: boolean; parkError?: string })[] = [];
  private readonly eventIds = new Set<string>();
  private seq = 0;

  async load(tableId: string): Promise<unknown | undefined> {
    const text = this.rows.get(tableId);
    return text === undefined ? undefined : fromSnapshotJson(text);
  }

  async commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    this.rows.set(tableId, toSnapshotJson(snapshot));
    const added: string[] = [];
    for (const event of events) {
      if (this.eventIds.has(event.id)) continue;
      this.eventIds.add(event.id);
      added.push(event.id);
      this.outbox.push({
        seq: String(++this.seq),
        tableId,
        eventId: event.id,
        event: encodeEvent(event),
        sent: false,
      });
    }
    return added;
  }

  async unsent(limit: number, holdTables: readonly string[] = []): Promise<OutboxEntry[]> {
    const held = new Set(holdTables);
    for (const e of this.outbox) if (e.parkError !== undefined) held.add(e.tableId);
    return this.outbox
      .filter((e) => !e.sent && !held.has(e.tableId))
      .slice(0, limit)
      .map(({ sent: _sent, parkError: _parked, ...entry }) => entry);
  }

  async park(seq: string, error: string): Promise<void> {
    const entry = this.outbox.find((e) => e.seq === seq);
    if (entry) entry.parkError = error;
  }

  /** Parked events (tests). */
  parked(): { seq: string; tableId: string; error: string }[] {
    return this.outbox.flatMap((e) =>
      e.parkError === undefined ? [] : [{ seq: e.seq, tableId: e.tableId, error: e.parkError }],
    );
  }

  async markSent(seqs: readonly string[]): Promise<void> {
    const done = new Set(seqs);
    for (const entry of this.outbox) if (done.has(entry.seq)) entry.sent = true;
  }

  async purgeSent(): Promise<void> {
    // Sent entries stay (their ids guard against duplicates); a memory store lives as long as its process.
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {}
}
