import { BrokerReachability } from './broker-reachability';
import { causalWaves } from './causal-waves';
import { OutboxMessage, OutboxPublisher, OutboxStore, RelayClock, RelayLog } from './ports';
import { backoffDelay, OutboxRelayOptions } from './relay-options';
import { RelaySleep } from './relay-sleep';
import { DEFAULT_REFUSAL_POLICY, isolateRefusals, Refusal, refusalOf, RefusalTracker } from './refusals';

/**
 * Publishes an outbox to the broker in order per key and marks what the broker took; the outbox's store and the
 * broker are ports, so each service keeps only its SQL and its producer. A crash between a send and its mark sends
 * the messages again (consumers deduplicate by event id); a mark that failed is retried before anything else is
 * read, so this process never sends them twice.
 *
 * Messages reach it two ways: a claim of the store (on `wake`, every `pollMs`, and again at once after a full one)
 * and messages handed over in memory right after their commit (`handOff`), sent at once without being read back.
 * With a store that leads (a session lock), only the leader publishes, so per-key order holds across processes.
 *
 * A message the broker refuses for good (its topic missing or forbidden, the message too large) holds its key for
 * a few attempts, then is parked (kept in the store with its error, an ALERT logged, `parked` counted); the key's
 * later messages wait behind it, since a consumer must never see a key's later message without its earlier one,
 * while the other keys go on. A transient failure (broker down, timeouts, the store gone) parks nothing: it is
 * retried with back-off, in order, and reported to reachability listeners.
 */
export class OutboxRelayCore<M extends OutboxMessage> {
  private loop: Promise<void> | undefined;
  private stopped = false;
  private readonly sleep: RelaySleep;
  private readonly reachability: BrokerReachability;
  private readonly refusals: RefusalTracker;
  /** A claim is wanted now (a wake, or a retry after a failure). */
  private pollWanted = false;
  private nextPollAt = 0;
  /** Handed over, not yet sent. */
  private handedOver: M[][] = [];
  /** A claimed batch not all sent yet: what a failure cut short is sent again as it was, before any new claim. */
  private retryBatch: M[] | undefined;
  /** Taken by the broker, not marked yet (marked by the next claim, or when the relay steps down). */
  private readonly published = new Map<string, M>();
  /** Keys with a parked message (from the store's parkedKeys, if it has them). */
  private parkedKeys = new Set<string>();
  private parkedKeysAt = -Infinity;
  private failures = 0;
  private lastPurge = 0;
  /** Claims begun; a flush waits for an empty one begun after it. */
  private claims = 0;
  private readonly flushes = new Set<{ after: number; done: (emptied: boolean) => void }>();
  private readonly publishedListeners = new Set<(messages: readonly M[]) => void>();
  /** Whether this relay publishes (always, for a store that does not lead). */
  leader = false;
  /** Messages the broker took from this process. */
  publishedCount = 0;
  /** Messages parked by this process. */
  parked = 0;
  lastError: string | undefined;

  constructor(
    private readonly store: OutboxStore<M>,
    private readonly publisher: OutboxPublisher<M>,
    private readonly clock: RelayClock,
    private readonly log: RelayLog,
    private readonly options: OutboxRelayOptions<M>,
  ) {
    this.sleep = new RelaySleep(clock);
    this.reachability = new BrokerReachability(clock, log);
    this.refusals = new RefusalTracker(options.refusals ?? DEFAULT_REFUSAL_POLICY);
  }

  /** Whether the last send succeeded (and none is overdue). */
  get brokerReachable(): boolean {
    return this.reachability.isReachable;
  }

  /** Since when the broker has been unreachable, if it is. */
  get brokerDownSince(): number | undefined {
    return this.reachability.unreachableSince;
  }

  /** Called with every change of the broker's reachability; returns a function that removes the listener. */
  onReachability(listener: (reachable: boolean) => void): () => void {
    return this.reachability.listen(listener);
  }

  /** Called with the messages of each request the broker took; returns a function that removes the listener. */
  onPublished(listener: (messages: readonly M[]) => void): () => void {
    this.publishedListeners.add(listener);
    return () => this.publishedListeners.delete(listener);
  }

  /** Starts the loop (leading, if the store leads, then claiming). */
  start(): void {
    if (this.loop || this.stopped) return;
    this.loop = this.run();
  }

  /** There is something new in the store: claim it (a wake during a retry's wait waits for the retry). */
  wake(): void {
    if (this.stopped) return;
    this.pollWanted = true;
    this.start();
    this.sleep.wake();
  }

  /** Messages of a commit that has just happened. A relay that is not the leader leaves them to the leader's claim. */
  handOff(messages: M[]): void {
    if (!this.leader || this.stopped) return;
    this.handedOver.push(messages);
    this.sleep.wake();
  }

  /**
   * Sends what the store holds: true once a claim begun after this call found nothing left, false after
   * `timeoutMs` (what is left is sent later, or by the next holder of the outbox).
   */
  flush(timeoutMs: number): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const entry = {
        after: this.claims,
        done: (emptied: boolean) => {
          timer.cancel();
          this.flushes.delete(entry);
          resolve(emptied);
        },
      };
      const timer = this.clock.setTimer(timeoutMs, () => entry.done(false));
      this.flushes.add(entry);
      this.wake();
    });
  }

  /** Stops after the batch in progress; what is left stays in the store for the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.sleep.interrupt();
    await this.loop;
    for (const f of [...this.flushes]) f.done(false);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.leader && !(await this.lead())) {
          await this.sleep.wait(this.options.leadRetryMs ?? 1_000, true);
          continue;
        }
        const now = this.clock.now();
        if (this.pollDue(now)) {
          // Unless it claims again at once, the relay then waits for its next poll (a timer even when that is
          // overdue already), a wake or a hand-over.
          const again = await this.timed('poll', () => this.poll());
          if (!again && !this.pollWanted && this.handedOver.length === 0)
            await this.sleep.wait(this.nextPollAt - this.clock.now(), true);
          continue;
        }
        if (this.handedOver.length > 0) {
          await this.timed('pending', () => this.publishHandedOver());
          continue;
        }
        await this.sleep.wait(this.nextPollAt - now, true);
      } catch (err) {
        this.failures++;
        const delay = backoffDelay(this.options.retry, this.failures);
        this.lastError = (err as Error).message;
        this.log.error(`outbox relay: ${this.lastError}; retrying in ${delay} ms`);
        await this.stepDown();
        this.pollWanted = true;
        if (this.stopped) break;
        await this.sleep.wait(delay, false);
      }
    }
    await this.stepDown();
  }

  /** A claim waits for a gap between hand-overs, unless it is a whole period late. */
  private pollDue(now: number): boolean {
    if (this.retryBatch || this.pollWanted) return true;
    if (now < this.nextPollAt) return false;
    return this.handedOver.length === 0 || now >= this.nextPollAt + this.options.pollMs;
  }

  private async lead(): Promise<boolean> {
    if (!this.store.lead) return (this.leader = true);
    if (!(await this.store.lead())) return false;
    this.leader = true;
    this.nextPollAt = 0;
    this.parkedKeysAt = -Infinity;
    this.log.info('outbox relay is the active publisher');
    return true;
  }

  /**
   * Leaves the lead (after a failure, or when stopping): what was handed over stays in the store for the next
   * leader's claim, and the refusals it tracked are forgotten. A store that does not lead keeps everything.
   */
  private async stepDown(): Promise<void> {
    if (!this.store.stepDown || !this.leader) return;
    this.leader = false;
    this.handedOver = [];
    this.retryBatch = undefined;
    this.refusals.clear();
    const published = [...this.published.values()];
    this.published.clear();
    await this.store.stepDown(published);
  }

  /**
   * One claim: marks what was published since the last, reads the oldest others and sends them in order. Returns
   * whether to claim again at once.
   */
  private async poll(): Promise<boolean> {
    this.pollWanted = false;
    this.sleep.forgetWakes(); // this claim reads what they announced
    const claim = ++this.claims;
    await this.refreshParkedKeys();
    const readAt = this.clock.now();
    let batch: M[];
    if (this.retryBatch) {
      await this.markPublished();
      batch = this.retryBatch;
    } else {
      const published = [...this.published.values()];
      batch = await this.store.claim(this.options.batchSize, this.refusals.heldKeys(readAt), published);
      for (const m of published) this.published.delete(m.id);
    }
    if (batch.length === 0) {
      await this.purge();
      this.failures = 0;
      this.scheduleNextPoll(readAt, false);
      for (const f of [...this.flushes]) if (claim > f.after) f.done(true);
      return false;
    }
    this.retryBatch = batch;
    await this.publish(batch, true);
    this.retryBatch = undefined;
    this.failures = 0;
    const again = this.options.pollUntilEmpty === true || batch.length >= this.options.batchSize;
    this.scheduleNextPoll(readAt, again);
    return again;
  }

  /**
   * `again`: claim once the hand-overs leave a gap. Otherwise after `pollMs`, or when a key held at `readAt` comes
   * due (one that fell due while the claim was in flight had its messages left out: it is retried at once).
   */
  private scheduleNextPoll(readAt: number, again: boolean): void {
    const now = this.clock.now();
    this.nextPollAt = again
      ? now
      : Math.min(now + this.options.pollMs, this.refusals.nextRetryAt(readAt) ?? Infinity);
  }

  private async markPublished(): Promise<void> {
    if (this.published.size === 0) return;
    const published = [...this.published.values()];
    await this.store.markPublished(published);
    for (const m of published) this.published.delete(m.id);
  }

  private async refreshParkedKeys(): Promise<void> {
    const now = this.clock.now();
    const refreshMs = this.options.parkedKeysRefreshMs ?? 5_000;
    if (!this.store.parkedKeys || now - this.parkedKeysAt < refreshMs) return;
    this.parkedKeys = new Set(await this.store.parkedKeys());
    this.parkedKeysAt = now;
  }

  private async purge(): Promise<void> {
    const now = this.clock.now();
    if (!this.store.purgeSent || now - this.lastPurge < (this.options.purgeEveryMs ?? 60_000)) return;
    this.lastPurge = now;
    await this.store.purgeSent();
  }

  /**
   * Sends the handed-over messages in commit order, skipping any a claim has published meanwhile (one that a claim
   * has published and already marked goes out twice; consumers dedupe by event id).
   */
  private async publishHandedOver(): Promise<void> {
    const messages = this.handedOver.flat().filter((m) => !this.published.has(m.id));
    this.handedOver = [];
    await this.publish(messages, false);
  }

  /** `claimed`: the messages come from the store in order (a refused key's head message first, if it is due). */
  private async publish(batch: readonly M[], claimed: boolean): Promise<void> {
    // Keys whose stream stopped in this batch (a message refused): their later messages stay in the store.
    const stopped = new Set<string>();
    for (const wave of this.options.causalOrder ? causalWaves(batch) : [batch]) {
      const admitted = await this.admit(wave, stopped, claimed);
      try {
        await this.send(admitted);
      } catch (err) {
        if (!refusalOf(err)) throw err; // transient: everything is retried, in order
        // The broker refused something in there: one at a time, to find it and let the others through.
        await this.isolate(
          admitted.filter((m) => !this.published.has(m.id)),
          stopped,
        );
      }
      if (claimed && this.retryBatch) {
        const done = new Set(wave.map((m) => m.id));
        this.retryBatch = this.retryBatch.filter((m) => !done.has(m.id));
      }
    }
  }

  /**
   * The wave's messages that may go now, in order: not a stopped, parked or held key's (they stay in the store),
   * nor one on a topic refused a moment ago or that the publisher knows is missing (refused here, without a send).
   */
  private async admit(wave: readonly M[], stopped: Set<string>, claimed: boolean): Promise<M[]> {
    const now = this.clock.now();
    const admitted: M[] = [];
    for (const m of wave) {
      if (this.published.has(m.id)) continue;
      // A refused key's messages go only with a claim, which has its head message first.
      const held = claimed ? this.refusals.isHeld(m.key, now) : this.refusals.tracks(m.key);
      if (stopped.has(m.key) || this.parkedKeys.has(m.key) || held) {
        stopped.add(m.key);
        continue;
      }
      const refusal =
        m.topic === undefined
          ? undefined
          : (this.refusals.topicRefusal(m.topic, now) ?? (await this.publisher.refusalBeforeSend?.(m.topic)));
      if (refusal) {
        await this.refuse(m, refusal);
        stopped.add(m.key);
        continue;
      }
      admitted.push(m);
    }
    return admitted;
  }

  private isolate(messages: readonly M[], stopped: Set<string>): Promise<void> {
    return isolateRefusals(messages, stopped, {
      keyOf: (m) => m.key,
      topicOf: (m) => m.topic,
      refusals: this.refusals,
      now: () => this.clock.now(),
      send: (m) => this.send([m]),
      refuse: (m, refusal) => this.refuse(m, refusal),
    });
  }

  private async refuse(message: M, refusal: Refusal): Promise<void> {
    const { verdict, attempts } = this.refusals.refused(
      message.key,
      message.topic ?? '',
      refusal,
      this.clock.now(),
    );
    // The key's later messages are claimed again with it (oldest first) when it is next tried, never sent before.
    this.retryBatch = this.retryBatch?.filter((m) => m.key !== message.key);
    if (verdict === 'hold') {
      this.log.warn(this.options.narration.held(message, refusal, attempts));
      return;
    }
    const error = `${refusal.code}: ${refusal.message}`;
    await this.store.park(message, error);
    if (this.store.parkedKeys) this.parkedKeys.add(message.key);
    this.parked++;
    this.log.error(this.options.narration.parked(message, error, attempts));
  }

  /** Sends in the requests the options split it into, each marked published once the broker has it. */
  private async send(messages: readonly M[]): Promise<void> {
    if (messages.length === 0) return;
    for (const request of this.options.requests?.(messages) ?? [messages]) await this.sendRequest(request);
  }

  private async sendRequest(request: readonly M[]): Promise<void> {
    const timeoutMs = this.options.sendTimeoutMs;
    const watchdog =
      timeoutMs === undefined
        ? undefined
        : this.clock.setTimer(timeoutMs, () =>
            this.reachability.set(false, `a send has waited ${timeoutMs} ms`),
          );
    try {
      await this.publisher.send(request);
    } catch (err) {
      // A refusal is an answer: the broker is there, it will not take these.
      if (refusalOf(err)) {
        this.reachability.set(true);
        throw err;
      }
      this.reachability.set(false, (err as Error).message);
      throw new Error(`the broker did not take ${request.length} message(s): ${(err as Error).message}`);
    } finally {
      watchdog?.cancel();
    }
    this.reachability.set(true);
    for (const m of request) {
      this.published.set(m.id, m);
      if (m.topic !== undefined) this.refusals.accepted(m.key, m.topic);
    }
    this.retryBatch = this.retryBatch?.filter((m) => !this.published.has(m.id));
    this.publishedCount += request.length;
    for (const listener of this.publishedListeners) listener(request);
  }

  private timed<T>(phase: 'poll' | 'pending', run: () => Promise<T>): Promise<T> {
    return this.options.time ? this.options.time(phase, run) : run();
  }
}
