import { CasinoEvent, decodeEvent, prefixedTopics, topicFor } from '@casino/events';
import { OutboxMessage, OutboxStore } from '@casino/outbox';
import { OutboxEntry, OutboxSource } from '../state/state-store';

/** An outbox row with its event (none when it does not decode) and the event's topic without the prefix. */
export interface RelayedEntry extends OutboxMessage {
  /** The row's seq. */
  readonly id: string;
  /** The table: a table's events keep their order. */
  readonly key: string;
  readonly entry: OutboxEntry;
  readonly event?: CasinoEvent;
}

const BASE_TOPICS = prefixedTopics('');

/**
 * The relay's port over the state store's outbox. Outbox rows are the service's own encoding; one that does not
 * decode is a fault: logged, and passed over as sent.
 */
export class TableOutboxStore implements OutboxStore<RelayedEntry> {
  constructor(
    private readonly outbox: OutboxSource,
    private readonly keepSentMs: number,
    private readonly log: (message: string) => void,
  ) {}

  async claim(
    limit: number,
    heldKeys: readonly string[],
    published: readonly RelayedEntry[],
  ): Promise<RelayedEntry[]> {
    if (published.length > 0) await this.markPublished(published);
    return (await this.outbox.unsent(limit, heldKeys)).map((entry) => this.decode(entry));
  }

  markPublished(published: readonly RelayedEntry[]): Promise<void> {
    return this.outbox.markSent(published.map((e) => e.id));
  }

  park(message: RelayedEntry, error: string): Promise<void> {
    return this.outbox.park(message.id, error);
  }

  purgeSent(): Promise<void> {
    return this.outbox.purgeSent(this.keepSentMs);
  }

  private decode(entry: OutboxEntry): RelayedEntry {
    const base = { id: entry.seq, key: entry.tableId, entry };
    const decoded = decodeEvent('', entry.event);
    if (decoded.ok) return { ...base, event: decoded.event, topic: topicFor(decoded.event, BASE_TOPICS) };
    this.log(`outbox relay: parking undecodable event ${entry.eventId}: ${decoded.message}`);
    return { ...base, topic: undefined };
  }
}
