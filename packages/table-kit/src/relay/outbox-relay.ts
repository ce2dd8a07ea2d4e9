import {
  DEFAULT_REFUSAL_POLICY,
  isolateRefusals,
  Refusal,
  RefusalPolicy,
  RefusalTracker,
  refusalOf,
} from '@casino/kafka';
import { CasinoEvent, decodeEvent, prefixedTopics, topicFor } from '@casino/events';
import { EventPublisher } from '../kafka/kafka-port';
import { OutboxEntry, OutboxSource } from '../state/state-store';
import { Backoff, backoffDelay } from '../timers/backoff';
import { Clock, TimerHandle } from '../timers/clock';

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

const PURGE_EVERY_MS = 60_000;

/**
 * Publishes the outbox to Kafka in commit order, one batch at a time, and marks what Kafka took. A failure
 * leaves the events in the outbox and retries with back-off; Kafka's state (reachable or not) is reported to
 * listeners, which stop tables from opening rounds while it is down. A batch Kafka took whose marking failed
 * is marked before anything else is read, never sent again from this process (a crash between the two sends it
 * again: consumers deduplicate by event id).
 *
 * An event the broker refuses for good (its topic missing or forbidden, the message too large) holds its table's
 * stream for a few attempts, then is parked (kept in the outbox with its error, an ALERT logged, `parked`
 * counted); the table's later events wait behind it, since a consumer must never see a table's later event without
 * its earlier one, while the other tables go on. Only a failure of every send (Kafka down) stops them all, and
 * parks nothing.
 */
export class OutboxRelay {
  private running: Promise<void> | undefined;
  private wakeAgain = false;
  private stopped = false;
  private failures = 0;
  private retryTimer: TimerHandle | undefined;
  /** Sent, not marked yet (a failed mark is retried before anything else is read). */
  private published: OutboxEntry[] = [];
  /** Read and not all sent: what failed is sent again as it was (the idempotent producer drops a duplicate). */
  private pending: OutboxEntry[] | undefined;
  private reachable = true;
  private downSince: number | undefined;
  private lastPurge = 0;
  private readonly listeners = new Set<(reachable: boolean) => void>();
  private readonly publishedListeners = new Set<(entries: readonly PublishedEvent[]) => void>();
  private readonly refusals: RefusalTracker;
  /** Wakes the relay when a held table's next attempt is due. */
  private holdTimer: TimerHandle | undefined;
  /** A pass found the outbox empty since the last `flush` began. */
  private emptied = false;
  /** Events parked by this process. */
  parked = 0;

  constructor(
    private readonly outbox: OutboxSource,
    private readonly publisher: EventPublisher,
    private readonly clock: Clock,
    private readonly options: OutboxRelayOptions,
  ) {
    this.refusals = new RefusalTracker(options.refusals ?? DEFAULT_REFUSAL_POLICY);
  }

  /** Whether the last send succeeded (and none is overdue). */
  get kafkaReachable(): boolean {
    return this.reachable;
  }

  /** Since when Kafka has been unreachable, if it is. */
  get kafkaDownSince(): number | undefined {
    return this.downSince;
  }

  /** Called with every change of Kafka's reachability; returns a function that removes the listener. */
  onKafkaChange(listener: (reachable: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called with the events of each batch Kafka took; returns a function that removes the listener. */
  onPublished(listener: (entries: readonly PublishedEvent[]) => void): () => void {
    this.publishedListeners.add(listener);
    return () => this.publishedListeners.delete(listener);
  }

  /** There is something new in the outbox (a step committed events), or the relay starts. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wakeAgain = true;
      return;
    }
    if (this.retryTimer) return; // a retry is already scheduled
    this.running = this.drain().finally(() => (this.running = undefined));
  }

  /**
   * Sends what the outbox holds (a draining instance, before it leaves its tables): true once a pass found nothing
   * left to send, false after `timeoutMs` (what is left is sent by the tables' next holder).
   */
  async flush(timeoutMs: number): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    this.emptied = false;
    this.wake();
    while (!this.emptied && !this.stopped && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (!this.running && !this.retryTimer) this.wake();
    }
    return this.emptied;
  }

  /** Stops after the batch in progress; what is left stays in the outbox for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.retryTimer?.cancel();
    this.retryTimer = undefined;
    this.holdTimer?.cancel();
    await this.running;
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        this.wakeAgain = false;
        if (this.stopped) return;
        await this.markPublished();
        const readAt = this.clock.now();
        const entries =
          this.pending ?? (await this.outbox.unsent(this.options.batchSize, this.refusals.heldKeys(readAt)));
        if (entries.length === 0) {
          await this.purgeNow();
          if (this.wakeAgain) continue;
          this.emptied = true;
          this.failures = 0;
          this.scheduleHeld(readAt);
          return;
        }
        this.pending = entries;
        // Tables whose stream stopped in this batch (an event refused): their later events stay in the outbox.
        const stopped = new Set<string>();
        for (const wave of causalWaves(this.decode(entries))) {
          const admitted = await this.admit(wave, stopped);
          try {
            await this.send(admitted);
          } catch (err) {
            if (!refusalOf(err)) throw err;
            await this.isolate(admitted, stopped);
          }
          const done = new Set(wave.map((w) => w.entry.seq));
          this.pending = this.pending.filter((e) => !done.has(e.seq));
        }
        this.pending = undefined;
        this.failures = 0;
      }
    } catch (err) {
      this.failures++;
      const delay = backoffDelay(this.options.retry, this.failures);
      this.options.log(`outbox relay: ${(err as Error).message}; retrying in ${delay} ms`);
      if (this.stopped) return;
      this.retryTimer = this.clock.setTimer(delay, () => {
        this.retryTimer = undefined;
        this.wake();
      });
    }
  }

  /** The wave's events that may go now: not a stopped or held table's, nor one on a topic refused just now. */
  private async admit(wave: readonly DecodedEntry[], stopped: Set<string>): Promise<DecodedEntry[]> {
    const now = this.clock.now();
    const admitted: DecodedEntry[] = [];
    for (const item of wave) {
      const table = item.entry.tableId;
      if (stopped.has(table) || this.refusals.isHeld(table, now)) {
        stopped.add(table);
        continue;
      }
      const known = item.event && this.refusals.topicRefusal(topicOf(item.event), now);
      if (known) {
        await this.refuse(item, known);
        stopped.add(table);
        continue;
      }
      admitted.push(item);
    }
    return admitted;
  }

  /** The broker refused something in a send: one event at a time, to find it and let the others through. */
  private isolate(items: readonly DecodedEntry[], stopped: Set<string>): Promise<void> {
    return isolateRefusals(items, stopped, {
      keyOf: (item) => item.entry.tableId,
      topicOf: (item) => (item.event ? topicOf(item.event) : undefined),
      refusals: this.refusals,
      now: () => this.clock.now(),
      send: (item) => this.send([item]),
      refuse: (item, refusal) => this.refuse(item, refusal),
    });
  }

  private async refuse(item: DecodedEntry, refusal: Refusal): Promise<void> {
    const { entry, event } = item;
    const topic = event ? topicOf(event) : '';
    const { verdict, attempts } = this.refusals.refused(entry.tableId, topic, refusal, this.clock.now());
    // The table's later events are read again with it (oldest first) when it is next tried, never sent before it.
    this.pending = this.pending?.filter((e) => e.tableId !== entry.tableId);
    if (verdict === 'hold') {
      this.options.log(
        `outbox relay: Kafka refused event ${entry.eventId} of table ${entry.tableId}, attempt ${attempts}: ` +
          `${refusal.code} ${refusal.message}; the table's events wait for the next attempt`,
      );
      return;
    }
    const error = `${refusal.code}: ${refusal.message}`;
    await this.outbox.park(entry.seq, error);
    this.parked++;
    this.options.log(
      `ALERT table outbox event parked: ${JSON.stringify({
        alert: 'table.outbox-parked',
        seq: entry.seq,
        eventId: entry.eventId,
        tableId: entry.tableId,
        type: event?.type,
        attempts,
        error,
      })}`,
    );
  }

  /**
   * A held table's next attempt wakes the relay (nothing else may, when the tables are quiet). Holds are those
   * still held when the outbox was read (`readAt`): one that fell due while the read was in flight had its rows
   * left out, so it is retried at once rather than forgotten.
   */
  private scheduleHeld(readAt: number): void {
    const at = this.refusals.nextRetryAt(readAt);
    this.holdTimer?.cancel();
    this.holdTimer = undefined;
    if (at === undefined || this.stopped) return;
    this.holdTimer = this.clock.setTimer(Math.max(0, at - this.clock.now()), () => {
      this.holdTimer = undefined;
      this.wake();
    });
  }

  private async markPublished(): Promise<void> {
    if (this.published.length === 0) return;
    await this.outbox.markSent(this.published.map((e) => e.seq));
    this.published = [];
  }

  private async send(wave: readonly DecodedEntry[]): Promise<void> {
    if (wave.length === 0) return;
    const events = wave.flatMap((w) => (w.event ? [w.event] : []));
    const entries = wave.map((w) => w.entry);
    const watchdog = this.clock.setTimer(this.options.sendTimeoutMs, () =>
      this.setReachable(false, `a send has waited ${this.options.sendTimeoutMs} ms`),
    );
    try {
      await this.publisher.publish(events);
    } catch (err) {
      // A refusal is an answer: Kafka is there, it will not take these.
      if (refusalOf(err)) {
        this.setReachable(true);
        throw err;
      }
      this.setReachable(false, (err as Error).message);
      throw new Error(`Kafka did not take ${events.length} event(s): ${(err as Error).message}`);
    } finally {
      watchdog.cancel();
    }
    this.setReachable(true);
    for (const w of wave) if (w.event) this.refusals.accepted(w.entry.tableId, topicOf(w.event));
    this.published.push(...entries);
    for (const listener of this.publishedListeners) listener(entries);
  }

  /** Outbox rows are the service's own encoding; one that does not decode is a fault: logged, and parked as sent. */
  private decode(entries: readonly OutboxEntry[]): DecodedEntry[] {
    return entries.map((entry) => {
      const decoded = decodeEvent('', entry.event);
      if (decoded.ok) return { entry, event: decoded.event };
      this.options.log(`outbox relay: parking undecodable event ${entry.eventId}: ${decoded.message}`);
      return { entry };
    });
  }

  private async purgeNow(): Promise<void> {
    const now = this.clock.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.outbox.purgeSent(this.options.keepSentMs);
  }

  private setReachable(reachable: boolean, why?: string): void {
    if (reachable === this.reachable) return;
    this.reachable = reachable;
    this.downSince = reachable ? undefined : this.clock.now();
    this.options.log(reachable ? 'Kafka reachable again' : `Kafka unreachable: ${why ?? 'unknown'}`);
    for (const listener of this.listeners) listener(reachable);
  }
}

/** An outbox row and its event (none when it does not decode). */
interface DecodedEntry {
  entry: OutboxEntry;
  event?: CasinoEvent;
}

const BASE_TOPICS = prefixedTopics('');

/** The event's topic without the deployment's prefix (the same for every event of a relay). */
const topicOf = (event: CasinoEvent): string => topicFor(event, BASE_TOPICS);

/**
 * Splits a batch into sends that keep each table's cause before its effect across topics: a table's events go in
 * order, and where its topic changes (a RoundOpened, then the PlaceBet it allowed) the later ones wait for the next
 * send, so Kafka has the cause before the effect is sent. Tables do not wait for each other.
 */
export function causalWaves<T extends { entry: { tableId: string }; event?: CasinoEvent }>(
  items: readonly T[],
): T[][] {
  const last = new Map<string, { wave: number; topic: string }>();
  const waves: T[][] = [];
  for (const item of items) {
    const topic = item.event ? topicFor(item.event, BASE_TOPICS) : '';
    const before = last.get(item.entry.tableId);
    const wave =
      before === undefined ? 0 : before.topic === topic || topic === '' ? before.wave : before.wave + 1;
    last.set(item.entry.tableId, { wave, topic: topic || (before?.topic ?? '') });
    (waves[wave] ??= []).push(item);
  }
  return waves;
}
