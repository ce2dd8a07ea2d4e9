import { OutboxRelayCore, RefusalPolicy } from '@casino/outbox';
import { EventPublisher } from './event-publisher';
import { OutboxSource } from '../state/state-store';
import { Backoff } from '../timers/backoff';
import { Clock } from '../timers/clock';
import { RelayedEntry, TableOutboxStore } from './outbox-store';

/** An event Kafka took, named by its table and id. */
export interface PublishedEvent {
  tableId: string;
  eventId: string;
}

export interface OutboxRelayOptions {
  /** A send still waiting after this long marks Kafka unreachable (the send goes on; its success restores it). */
  sendTimeoutMs: number;
  /** Waits between attempts after a failure (Kafka or the store). */
  retry: Backoff;
  /** Events per read of the outbox and per send. */
  batchSize: number;
  /** Published events are kept this long (so a retried commit cannot add them again), then purged. */
  keepSentMs: number;
  /** When an event the broker refuses for good is parked (default DEFAULT_REFUSAL_POLICY). */
  refusals?: RefusalPolicy;
  log: (message: string) => void;
}

export const DEFAULT_RELAY_OPTIONS: Omit<OutboxRelayOptions, 'log'> = {
  sendTimeoutMs: 3_000,
  retry: { initialMs: 250, maxMs: 5_000 },
  batchSize: 500,
  keepSentMs: 3_600_000,
};

/**
 * The game service's outbox relay: `@casino/outbox`'s core over the state store's outbox (outbox-store.ts) and the
 * service's Kafka port. It reads the outbox when woken (a step committed events), in commit order, one batch at a
 * time until it is empty, keeping each table's cause before its effect across topics (causalWaves); Kafka's state
 * (reachable or not) is reported to listeners, which stop tables from opening rounds while it is down. An event the
 * broker refuses for good holds its table's stream for a few attempts, then is parked (an ALERT logged); the
 * table's later events wait behind it while the other tables go on.
 */
export class OutboxRelay {
  private readonly core: OutboxRelayCore<RelayedEntry>;

  constructor(outbox: OutboxSource, publisher: EventPublisher, clock: Clock, options: OutboxRelayOptions) {
    const log = options.log;
    this.core = new OutboxRelayCore(
      new TableOutboxStore(outbox, options.keepSentMs, log),
      { send: (entries) => publisher.publish(entries.flatMap((e) => (e.event ? [e.event] : []))) },
      clock,
      { info: log, warn: log, error: log },
      {
        batchSize: options.batchSize,
        pollMs: Infinity,
        pollUntilEmpty: true,
        retry: options.retry,
        sendTimeoutMs: options.sendTimeoutMs,
        refusals: options.refusals,
        causalOrder: true,
        narration: {
          held: ({ entry }, refusal, attempts) =>
            `outbox relay: Kafka refused event ${entry.eventId} of table ${entry.tableId}, attempt ${attempts}: ` +
            `${refusal.code} ${refusal.message}; the table's events wait for the next attempt`,
          parked: ({ entry, event }, error, attempts) =>
            `ALERT table outbox event parked: ${JSON.stringify({
              alert: 'table.outbox-parked',
              seq: entry.seq,
              eventId: entry.eventId,
              tableId: entry.tableId,
              type: event?.type,
              attempts,
              error,
            })}`,
        },
      },
    );
  }

  /** Whether the last send succeeded (and none is overdue). */
  get kafkaReachable(): boolean {
    return this.core.brokerReachable;
  }

  /** Since when Kafka has been unreachable, if it is. */
  get kafkaDownSince(): number | undefined {
    return this.core.brokerDownSince;
  }

  /** Events parked by this process. */
  get parked(): number {
    return this.core.parked;
  }

  /** Called with every change of Kafka's reachability; returns a function that removes the listener. */
  onKafkaChange(listener: (reachable: boolean) => void): () => void {
    return this.core.onReachability(listener);
  }

  /** Called with the events of each batch Kafka took; returns a function that removes the listener. */
  onPublished(listener: (entries: readonly PublishedEvent[]) => void): () => void {
    return this.core.onPublished((sent) =>
      listener(sent.map(({ entry }) => ({ tableId: entry.tableId, eventId: entry.eventId }))),
    );
  }

  /** There is something new in the outbox (a step committed events), or the relay starts. */
  wake(): void {
    this.core.wake();
  }

  /**
   * Sends what the outbox holds (a draining instance, before it leaves its tables): true once a pass found nothing
   * left to send, false after `timeoutMs` (what is left is sent by the tables' next holder).
   */
  flush(timeoutMs: number): Promise<boolean> {
    return this.core.flush(timeoutMs);
  }

  /** Stops after the batch in progress; what is left stays in the outbox for the next start. */
  stop(): Promise<void> {
    return this.core.stop();
  }
}
