/**
 * Which outbox rows the broker refuses for good, and when to give up on them. A broker that is down or slow refuses
 * everything with connection errors and timeouts: the relay retries forever, in order. A broker that
 * answers and refuses one row (its topic does not exist or is not ours to write, the message is too large) would
 * refuse it forever and hold every later row behind it: that row's key is held for a few attempts with growing
 * waits, then the row is parked (its store keeps it with its error) and the rest of its key waits behind it.
 */

/** Broker answers that concern a whole topic: every row on it gets the same answer. */
const TOPIC_REFUSALS = new Set([
  'UNKNOWN_TOPIC_OR_PARTITION',
  'TOPIC_AUTHORIZATION_FAILED',
  'INVALID_TOPIC_EXCEPTION',
]);
/** Broker answers that concern the messages of a request. */
const MESSAGE_REFUSALS = new Set([
  'MESSAGE_TOO_LARGE',
  'RECORD_LIST_TOO_LARGE',
  'INVALID_RECORD',
  'CORRUPT_MESSAGE',
]);

export interface Refusal {
  /** The broker's error code name (e.g. UNKNOWN_TOPIC_OR_PARTITION). */
  code: string;
  /** Every row on the topic gets the same answer (as opposed to one message). */
  topicLevel: boolean;
  message: string;
}

/**
 * The broker's refusal of the rows themselves, or undefined for anything else (connection errors, timeouts,
 * leader changes, a refused login: transient or not about one row, so retried). Follows the client's error chain
 * (kafkajs wraps the broker's answer in a retries-exceeded error).
 */
export function refusalOf(err: unknown): Refusal | undefined {
  for (let e = err, depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const type = (e as { type?: unknown }).type;
    if (typeof type === 'string' && (TOPIC_REFUSALS.has(type) || MESSAGE_REFUSALS.has(type)))
      return { code: type, topicLevel: TOPIC_REFUSALS.has(type), message: (e as Error).message };
    const next = e as { cause?: unknown; originalError?: unknown };
    e = next.cause ?? next.originalError;
  }
  return undefined;
}

export interface RefusalPolicy {
  /** Refusals of one row (consecutive, in one process) before it is parked. */
  parkAfterAttempts: number;
  /** Wait before the second attempt; doubles up to maxRetryMs. */
  retryMs: number;
  maxRetryMs: number;
}

export const DEFAULT_REFUSAL_POLICY: RefusalPolicy = {
  parkAfterAttempts: 5,
  retryMs: 1_000,
  maxRetryMs: 16_000,
};

interface Hold {
  attempts: number;
  retryAt: number;
  refusal: Refusal;
}

/**
 * The keys whose head row the broker refused: held (no row of the key is sent) until their retry is due, then
 * tried again; a key refused `parkAfterAttempts` times in a row is due to be parked. A topic-level refusal is
 * remembered until the topic's next retry, so other keys' rows on it are refused without a send.
 */
export class RefusalTracker {
  private readonly holds = new Map<string, Hold>();
  private readonly topics = new Map<string, { retryAt: number; refusal: Refusal }>();

  constructor(private readonly policy: RefusalPolicy) {}

  /** Keys held now (their rows are not sent). */
  heldKeys(now: number): string[] {
    return [...this.holds].filter(([, h]) => h.retryAt > now).map(([k]) => k);
  }

  isHeld(key: string, now: number): boolean {
    const h = this.holds.get(key);
    return h !== undefined && h.retryAt > now;
  }

  /** Whether the key's head row was refused and has not been taken since (held, or due for its next attempt). */
  tracks(key: string): boolean {
    return this.holds.has(key);
  }

  /** The remembered refusal of a topic, while its retry is not due. */
  topicRefusal(topic: string, now: number): Refusal | undefined {
    const t = this.topics.get(topic);
    return t && t.retryAt > now ? t.refusal : undefined;
  }

  /** The earliest moment a hold comes due (to wake the relay), if any. */
  nextRetryAt(now: number): number | undefined {
    let next: number | undefined;
    for (const h of this.holds.values()) if (h.retryAt > now) next = Math.min(next ?? Infinity, h.retryAt);
    return next;
  }

  /** A row of `key` on `topic` was refused: 'park' once it has been refused often enough, else 'hold'. */
  refused(
    key: string,
    topic: string,
    refusal: Refusal,
    now: number,
  ): { verdict: 'hold' | 'park'; attempts: number } {
    const attempts = (this.holds.get(key)?.attempts ?? 0) + 1;
    const wait = Math.min(this.policy.maxRetryMs, this.policy.retryMs * 2 ** (attempts - 1));
    if (refusal.topicLevel) this.topics.set(topic, { retryAt: now + wait, refusal });
    if (attempts >= this.policy.parkAfterAttempts) {
      this.holds.delete(key);
      return { verdict: 'park', attempts };
    }
    this.holds.set(key, { attempts, retryAt: now + wait, refusal });
    return { verdict: 'hold', attempts };
  }

  /** The broker took a row of `key` on `topic`: whatever was held against them is forgotten. */
  accepted(key: string, topic: string): void {
    this.holds.delete(key);
    this.topics.delete(topic);
  }

  /** Forgets everything (a relay that steps down; the next leader starts afresh). */
  clear(): void {
    this.holds.clear();
    this.topics.clear();
  }
}

/** What isolateRefusals needs of an outbox relay. */
export interface RefusalIsolation<T> {
  /** The message's ordering key (the ledger's row key, a game service's table). */
  keyOf(item: T): string;
  /** The message's topic (undefined for one that has none, e.g. an undecodable row). */
  topicOf(item: T): string | undefined;
  refusals: RefusalTracker;
  now(): number;
  /** Sends one message; throws what the producer threw. */
  send(item: T): Promise<void>;
  /** Holds or parks a refused message (the relay's own store and alert). */
  refuse(item: T, refusal: Refusal): Promise<void>;
}

/**
 * After the broker refused a send of several messages, both outbox relays send them one at a time to find the
 * refused ones and let the others through. A message whose key has stopped is skipped (its key's later messages
 * wait behind the refused one); one on a topic refused a moment ago is refused without a send; a failure that is
 * not a refusal (Kafka down, a timeout) is thrown, for the relay to retry everything in order. `stopped` gains the
 * keys refused here.
 */
export async function isolateRefusals<T>(
  items: readonly T[],
  stopped: Set<string>,
  relay: RefusalIsolation<T>,
): Promise<void> {
  for (const item of items) {
    const key = relay.keyOf(item);
    if (stopped.has(key)) continue;
    const topic = relay.topicOf(item);
    const known = topic === undefined ? undefined : relay.refusals.topicRefusal(topic, relay.now());
    let refusal = known;
    if (!refusal) {
      try {
        await relay.send(item);
        continue;
      } catch (err) {
        refusal = refusalOf(err);
        if (!refusal) throw err;
      }
    }
    await relay.refuse(item, refusal);
    stopped.add(key);
  }
}
