import { Refusal } from './refusals';

/**
 * A message of an outbox as the relay sees it: its place (`id`), its ordering key (the consumers' order holds per
 * key) and its topic. A message without a topic (a row that does not decode) is passed over: marked published with
 * the others, never sent.
 */
export interface OutboxMessage {
  readonly id: string;
  readonly key: string;
  readonly topic: string | undefined;
}

/** Where the outbox lives (a PostgreSQL table behind a repository, or memory in tests). */
export interface OutboxStore<M extends OutboxMessage> {
  /**
   * Marks `published` as sent (the broker has them), then reads up to `limit` unsent messages, oldest first: none
   * parked, none of a key with a parked message (they wait behind it), none of `heldKeys`.
   */
  claim(limit: number, heldKeys: readonly string[], published: readonly M[]): Promise<M[]>;
  /** Marks messages sent (before a batch cut short by a failure is sent again, without reading the store). */
  markPublished(published: readonly M[]): Promise<void>;
  /** The broker refused the message for good: kept with its error, never sent, and its key's later ones wait. */
  park(message: M, error: string): Promise<void>;
  /**
   * The keys with a parked message, for messages handed over in memory (a claim never returns theirs). Without it,
   * the claim is the only check.
   */
  parkedKeys?(): Promise<string[]>;
  /** Forgets messages published a while ago (kept so a retried commit adds none twice). */
  purgeSent?(): Promise<void>;
  /**
   * Becomes the one relay of the outbox that publishes (a lock released if its process dies): true if it did.
   * Without it, the relay always publishes.
   */
  lead?(): Promise<boolean>;
  /** Gives the lead up, marking `published` sent first; never throws (a lock dies with its session anyway). */
  stepDown?(published: readonly M[]): Promise<void>;
}

/** The broker's side (a Kafka producer in the services). */
export interface OutboxPublisher<M extends OutboxMessage> {
  /**
   * Sends the messages, in order, in one request: resolves once the broker has them all, or throws what the client
   * threw (`refusalOf` tells a refusal of the messages from a transient failure).
   */
  send(messages: readonly M[]): Promise<void>;
  /** A refusal known without a send (the broker does not list the topic), if the publisher checks topics. */
  refusalBeforeSend?(topic: string): Promise<Refusal | undefined>;
}

/** The relay's log lines (each service maps them to its own logger). */
export interface RelayLog {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface RelayTimer {
  cancel(): void;
}

/** Time and timers behind a port, so tests run the relay on a manual clock. */
export interface RelayClock {
  now(): number;
  setTimer(ms: number, fire: () => void): RelayTimer;
}

/** The log lines and alerts of a refused message, in each outbox's own words (alert names are operations' API). */
export interface RefusalNarration<M extends OutboxMessage> {
  /** A warning: the key waits for the message's next attempt. */
  held(message: M, refusal: Refusal, attempts: number): string;
  /** An ALERT line: the message is parked with `error`. */
  parked(message: M, error: string, attempts: number): string;
}
