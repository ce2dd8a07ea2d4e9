import { CasinoEvent, encodeEvent } from '@casino/events';
import { fromSnapshotJson, toSnapshotJson } from './json-codec';
import { roundBookJoined } from './split-snapshot';

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

/** The table was taken over by another instance (or never claimed here): this instance must stop running it. */
export class TableLeaseLost extends Error {
  readonly code = 'TABLE_LEASE_LOST';

  constructor(readonly tableId: string) {
    super(`table ${tableId} is no longer held by this instance`);
  }
}

/**
 * Keeps one snapshot per table, so a restarted service (or the instance taking a table over) resumes or voids its
 * rounds, and the outbox: a table step's new snapshot and the events it emitted are committed together, then a
 * relay publishes the events. An instance runs only the tables it claimed; the relay reads their events only.
 */
export interface StateStore extends OutboxSource {
  /**
   * Takes the table's lease from whoever held it: from then on commits of any earlier holder change nothing (they
   * fail with TableLeaseLost). Call it before `load`, so the snapshot read is the last one the old holder saved.
   */
  claim(tableId: string): Promise<void>;
  /** Stops running the table here: its events are no longer relayed from this instance, its commits refused. */
  release(tableId: string): void;
  load(tableId: string): Promise<unknown | undefined>;
  /**
   * Saves the snapshot and appends `events` to the outbox in one transaction. An event whose id is already in the
   * outbox is not added again: a commit retried after an unknown outcome (a lost connection) duplicates nothing,
   * and an event emitted again after a restart (a finished round's result) is published once. Resolves with the
   * ids it added; rejects with TableLeaseLost when another instance has claimed the table since. A SplitSnapshot
   * is loaded back as one (its rows in place).
   */
  commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]>;
  /** Resolves when the store answers (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * For tests and demos without PostgreSQL: survives nothing but a re-created service in the same process, and is one
 * process's alone (claims fence nothing; the outbox holds every table's events).
 */
export class MemoryStateStore implements StateStore {
  private readonly rows = new Map<string, string>();
  private readonly outbox: (OutboxEntry & { sent: boolean; parkError?: string })[] = [];
  private readonly eventIds = new Set<string>();
  private seq = 0;

  async claim(_tableId: string): Promise<void> {}

  release(_tableId: string): void {}

  async load(tableId: string): Promise<unknown | undefined> {
    const text = this.rows.get(tableId);
    return text === undefined ? undefined : fromSnapshotJson(text);
  }

  async commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    this.rows.set(tableId, toSnapshotJson(roundBookJoined(snapshot)));
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
