/**
 * The platform's one view of a Kafka client: exactly what the services, the ledger, the tests and the infra
 * scripts use, and nothing of a particular client library. `createKafkaClient` returns it; the only
 * implementation today is the kafkajs adapter (src/kafkajs/). Replacing the client (e.g. `@platformatic/kafka`
 * or Confluent's) means writing another adapter of these interfaces and pointing `createKafkaClient` at it.
 *
 * Contract every adapter keeps:
 * - Creating a producer, consumer or admin opens nothing; `connect()` does.
 * - Topics are never created implicitly (no auto-creation by producers or consumers): `ensureTopics` does it.
 * - Messages with the same key go to the same partition, by the Java client's murmur2 partitioner, so a
 *   client swap does not move keys to other partitions (per-table and per-player order depends on it).
 * - Sends wait for every in-sync replica (acks = all).
 * - Errors are `Error`s; one the client considers transient carries `retriable: true` (see isRetriableKafkaError).
 * - A refused login or a missing ACL is an error that is not retriable.
 */
import { AclBinding, AclBindingFilter } from './acl';
import { KafkaSecurity } from './transport-security';

export type KafkaLogLevel = 'nothing' | 'error' | 'warn' | 'info' | 'debug';

export interface KafkaRetryOptions {
  /** Attempts after the first one. */
  retries?: number;
  /** The first back-off; later ones grow exponentially (with jitter). */
  initialRetryTimeMs?: number;
}

export interface KafkaClientConfig {
  brokers: readonly string[];
  clientId: string;
  /** Retries of every request (connections, metadata, produce, fetch, admin); the client's default if absent. */
  retry?: KafkaRetryOptions;
  /** What the client library itself logs (to stdout/stderr); default 'error'. */
  logLevel?: KafkaLogLevel;
  /**
   * Authentication (SASL SCRAM) and TLS; absent: plaintext and anonymous. Each adapter maps them in its one
   * config function (kafkajs: `kafkaJsConfig`, to its `sasl` and `ssl`).
   */
  security?: KafkaSecurity;
}

/** The one client of a process; it opens connections only through its producers, consumers and admins. */
export interface KafkaClient {
  producer(options?: ProducerOptions): KafkaProducer;
  consumer(options: ConsumerOptions): KafkaConsumer;
  admin(): KafkaAdmin;
}

// ---------------------------------------------------------------- producer

export interface ProducerOptions {
  /**
   * The broker drops duplicates of a retried request within the producer's session (exactly once per
   * partition per session). Default false.
   */
  idempotent?: boolean;
  /** Requests in flight per broker connection; 1 keeps the order of messages across retries. */
  maxInFlightRequests?: number;
}

export interface OutgoingMessage {
  /** Picks the partition (see the contract above). */
  key: string;
  value: Buffer | string;
}

export interface TopicMessages {
  topic: string;
  messages: readonly OutgoingMessage[];
}

export interface KafkaProducer {
  connect(): Promise<void>;
  /**
   * Sends the messages of one or several topics together (one request per broker where possible) and resolves
   * once every in-sync replica has them. Within a topic partition the messages keep their order.
   */
  send(batch: readonly TopicMessages[]): Promise<void>;
  disconnect(): Promise<void>;
}

// ---------------------------------------------------------------- consumer

export interface ConsumerOptions {
  groupId: string;
  /**
   * Static group membership (KIP-345, `group.instance.id`): a consumer that comes back with the same id takes
   * its predecessor's place and partitions at once, instead of a rebalance held until the dead member's session
   * times out. At most one live consumer of the group may use an id (the broker fences the older one).
   */
  groupInstanceId?: string;
  sessionTimeoutMs?: number;
  heartbeatIntervalMs?: number;
  /** How long the broker may hold a fetch that has no data yet. */
  maxWaitTimeMs?: number;
  maxBytesPerPartition?: number;
  /** Overrides the client's retry settings for this consumer. */
  retry?: KafkaRetryOptions;
  /**
   * Partition N of every subscribed topic goes to the same member (default: spread over all partitions): a member
   * gets every message of a key on all topics keyed alike with as many partitions (each game service instance gets
   * every ledger event of the tables it runs). Every member of the group must ask for it.
   */
  coPartitioned?: boolean;
}

export interface SubscribeOptions {
  topics: readonly string[];
  /** Where a group without a committed offset starts: the oldest message (true) or the next new one (false). */
  fromBeginning: boolean;
}

export interface ConsumedMessage {
  /** The message's offset (a decimal string: offsets are 64-bit). */
  offset: string;
  key: Buffer | null;
  value: Buffer | null;
}

/** Consecutive messages of one topic partition, in offset order. */
export interface MessageBatch {
  topic: string;
  partition: number;
  messages: readonly ConsumedMessage[];
}

export interface BatchControls {
  /**
   * Marks the messages up to `offset` processed: after a rebalance or a retried batch within this session,
   * consumption goes on after it. Does not commit (see commitOffsets).
   */
  resolveOffset(offset: string): void;
  /** Tells the group coordinator that the consumer is alive; call it during long batches. */
  heartbeat(): Promise<void>;
  /** False once the consumer is stopping: a handler may end early. */
  isRunning(): boolean;
  /** True when the batch's partition has been reassigned or its position moved: skip the rest of it. */
  isStale(): boolean;
}

export interface RunBatchesOptions {
  /** Partitions whose batches are handled at the same time (each partition still one batch at a time). Default 1. */
  partitionsConsumedConcurrently?: number;
  /**
   * True (the default): every message of a batch is resolved when the handler returns. False: the handler
   * calls `resolveOffset` itself; messages it did not resolve are fetched again.
   */
  autoResolve?: boolean;
}

export type BatchHandler = (batch: MessageBatch, controls: BatchControls) => Promise<void>;

export interface MessageWithOrigin extends ConsumedMessage {
  topic: string;
  partition: number;
}

export type MessageHandler = (message: MessageWithOrigin) => Promise<void>;

/** A consumer group position: `offset` is the NEXT offset to read (the last processed one + 1). */
export interface TopicPartitionOffset {
  topic: string;
  partition: number;
  offset: string;
}

export interface ConsumerCrash {
  error: Error;
  /** True when the client restarts the consumer by itself (the error was retriable). */
  restart: boolean;
}

/** The partitions a consumer was given, by topic. */
export type PartitionAssignment = Readonly<Record<string, readonly number[]>>;

/** Removes the listener it was returned for. */
export type Unsubscribe = () => void;

export interface KafkaConsumer {
  connect(): Promise<void>;
  /** Call before running; several calls add topics. */
  subscribe(options: SubscribeOptions): Promise<void>;
  /**
   * Runs the fetch loop, handing over one partition's batch at a time. Offsets are NEVER committed by the
   * client in this mode: the caller commits them with commitOffsets (e.g. after its database transaction) or
   * not at all. Resolves once the consumer has started (joined its group); a handler error makes the client
   * retry the batch.
   */
  runBatches(handler: BatchHandler, options?: RunBatchesOptions): Promise<void>;
  /**
   * Runs the fetch loop, handing over one message at a time (in order per partition). The client commits the
   * offsets of handled messages by itself (at least once: a crash may redeliver some). A handler error makes
   * the client retry the message. Resolves once the consumer has started.
   */
  runMessages(handler: MessageHandler): Promise<void>;
  /** Commits positions of this consumer's group (used with runBatches). */
  commitOffsets(offsets: readonly TopicPartitionOffset[]): Promise<void>;
  /** The fetch loop failed; with `restart` false the consumer has stopped for good. */
  onCrash(listener: (crash: ConsumerCrash) => void): Unsubscribe;
  /** Every time the consumer (re)joins its group, e.g. after a rebalance, with its partitions from then on. */
  onGroupJoin(listener: (assignment: PartitionAssignment) => void): Unsubscribe;
  /** Resolves when the consumer has joined its group for the first time (at once if it already has). */
  whenJoined(): Promise<void>;
  disconnect(): Promise<void>;
}

// ---------------------------------------------------------------- admin

export interface TopicRequest {
  topic: string;
  /** Default 1. */
  numPartitions?: number;
  /** Default: the broker's default.replication.factor (production: 3, infra/kafka/create-topics.mjs). */
  replicationFactor?: number;
  /** Topic settings, e.g. `min.insync.replicas`. */
  configs?: Readonly<Record<string, string>>;
}

export interface TopicMetadata {
  name: string;
  /** `leader` is a broker id, or negative while the partition has no leader. */
  partitions: { partitionId: number; leader: number }[];
}

export interface ClusterDescription {
  clusterId: string;
  controller: number | null;
  brokers: { nodeId: number; host: string; port: number }[];
}

export interface GroupTopicOffsets {
  topic: string;
  partitions: { partition: number; offset: string }[];
}

export interface PartitionWatermarks {
  partition: number;
  low: string;
  high: string;
}

export interface KafkaAdmin {
  connect(): Promise<void>;
  listTopics(): Promise<string[]>;
  /**
   * Creates the topics and waits until their partitions have leaders. Resolves to false when they existed
   * already (e.g. another process created them first). Prefer ensureTopics, which also waits and retries.
   */
  createTopics(topics: readonly TopicRequest[]): Promise<boolean>;
  /** Deletes existing topics (an unknown topic is an error); default timeout 10 s. */
  deleteTopics(topics: readonly string[], timeoutMs?: number): Promise<void>;
  fetchTopicMetadata(topics: readonly string[]): Promise<TopicMetadata[]>;
  describeCluster(): Promise<ClusterDescription>;
  /** The group's committed offset per partition of every topic it has committed on (-1: nothing committed). */
  fetchGroupOffsets(groupId: string): Promise<GroupTopicOffsets[]>;
  /** Each partition's first (low) and next-to-be-written (high) offset. */
  fetchTopicOffsets(topic: string): Promise<PartitionWatermarks[]>;
  /** Adds the bindings (one that exists already is left as it is). Needs a broker with an authorizer. */
  createAcls(bindings: readonly AclBinding[]): Promise<void>;
  describeAcls(filter: AclBindingFilter): Promise<AclBinding[]>;
  /** Deletes every binding that matches one of the filters; resolves to how many were deleted. */
  deleteAcls(filters: readonly AclBindingFilter[]): Promise<number>;
  disconnect(): Promise<void>;
}

/** Whether the client flagged `err` as transient (worth retrying). */
export function isRetriableKafkaError(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { retriable?: unknown }).retriable === true;
}
