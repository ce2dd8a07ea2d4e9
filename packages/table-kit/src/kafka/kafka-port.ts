import {
  CasinoEvent,
  decodeEvent,
  encodeEventBuffer,
  eventKey,
  prefixedTopics,
  prefixedTopicSpecs,
  TopicKey,
  Topics,
  topicFor,
} from '@casino/events';
import { randomUUID } from 'node:crypto';
import {
  createKafkaClient,
  ensureTopics,
  KafkaAdmin,
  KafkaClient,
  KafkaConsumer,
  KafkaProducer,
  KafkaSecurity,
  OutgoingMessage,
} from '@casino/kafka';
import { refusalOf } from '@casino/outbox';
import { EventPublisher } from '../relay/event-publisher';
import { withDeadline } from '../timers/deadline';

/** consumeWhole resolves once no batch came for this long after the join (or after the longer wait at most). */
const WHOLE_TOPIC_QUIET_MS = 500;
const WHOLE_TOPIC_MAX_WAIT_MS = 10_000;

export type EventHandler = (event: CasinoEvent) => Promise<void>;

/** An instance's share of the table-keyed topics: a table is run where the partition of its key is. */
export interface PartitionShare {
  /** This instance's partitions (the same of each table-keyed topic). */
  partitions: ReadonlySet<number>;
  /** How many partitions each table-keyed topic has. */
  count: number;
}

export interface KafkaPortOptions {
  brokers: string[];
  clientId: string;
  groupId: string;
  topicPrefix: string;
  createTopics: boolean;
  /**
   * Base topics keyed by table this service consumes in its group (decisions, final bets, settlements): each
   * instance gets the same partitions of all of them, and runs the tables those partitions hold.
   */
  consume: readonly TopicKey[];
  /** Base topics every instance reads whole from its start (balances: a player's socket may be on any instance). */
  consumeEvery?: readonly TopicKey[];
  /** How long the group waits for a silent instance before giving its tables to the others. */
  sessionTimeoutMs?: number;
  log?: (message: string) => void;
  /** SASL and TLS (the config's KAFKA_CLIENT_SECURITY); absent: plaintext and anonymous. */
  security?: KafkaSecurity;
}

/**
 * The service's one Kafka connection: an idempotent producer (retries never duplicate a message within a
 * producer session; consumers dedupe on event id across sessions) and one consumer group that decodes every
 * message at the edge and hands valid events to `handler`. Invalid messages are logged and skipped.
 */
export class KafkaPort implements EventPublisher {
  readonly topics: Topics;
  private readonly kafka: KafkaClient;
  private readonly producer: KafkaProducer;
  private consumer: KafkaConsumer | undefined;
  private readonly wholeTopicConsumers: KafkaConsumer[] = [];
  private readonly log: (message: string) => void;
  /** The readiness probe's admin client (connected on first use) and the probe in flight. */
  private admin: KafkaAdmin | undefined;
  private probe: Promise<void> | undefined;
  /** Topics the broker listed (a send to any other is checked first, see publish). */
  private readonly existingTopics = new Set<string>();

  constructor(private readonly options: KafkaPortOptions) {
    this.topics = prefixedTopics(options.topicPrefix);
    this.log = options.log ?? ((m) => console.warn(m));
    this.kafka = createKafkaClient({
      clientId: options.clientId,
      brokers: options.brokers,
      // A send gives up within ~3 s (the outbox relay retries it): after an outage the next attempt is never far.
      retry: { retries: 5, initialRetryTimeMs: 100 },
      security: options.security,
    });
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  }

  /** Creates missing topics if asked and connects the producer. */
  async connect(): Promise<void> {
    if (this.options.createTopics) await this.ensureTopics();
    await this.producer.connect();
  }

  /**
   * Starts consuming; resolves once the group is joined. `onShare` is told this instance's partitions at every
   * (re)join, before any message of them is handed over. The events of a fetched batch are handed to `handler` all
   * at once, in order, and its offsets committed once every call has settled: a handler that must keep the order
   * takes its event into its own queue before its first await.
   */
  async consume(handler: EventHandler, onShare: (share: PartitionShare) => void): Promise<void> {
    if (this.options.consume.length === 0) return;
    const topics = this.options.consume.map((key) => this.topics[key]);
    const count = await this.samePartitionCount(topics);
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeoutMs: this.options.sessionTimeoutMs ?? 6_000,
      heartbeatIntervalMs: 1_000,
      maxWaitTimeMs: 100,
      retry: { retries: 8 },
      coPartitioned: true,
    });
    this.consumer = consumer;
    consumer.onGroupJoin((assignment) =>
      onShare({ partitions: new Set(assignment[topics[0]] ?? []), count }),
    );
    await consumer.connect();
    // From the beginning for a new group: nothing published before the group existed is lost; handlers
    // ignore events of rounds they do not know. A known group resumes from its committed offsets.
    await consumer.subscribe({ topics, fromBeginning: true });
    await consumer.runBatches(async ({ topic, partition, messages }, controls) => {
      // Every event of the batch is handed over at once, in order (a handler queues it at its table before its
      // first await), then awaited together: a table saves the decisions of one batch in one commit, not one each.
      const beat = setInterval(() => void controls.heartbeat().catch(() => undefined), 1_000);
      try {
        await Promise.all(messages.map((m) => this.deliver(topic, m.value, handler)));
      } finally {
        clearInterval(beat);
      }
      const last = messages[messages.length - 1];
      if (last)
        await consumer.commitOffsets([{ topic, partition, offset: (BigInt(last.offset) + 1n).toString() }]);
    });
    await consumer.whenJoined();
    if (this.options.consumeEvery?.length) await this.consumeEvery(this.options.consumeEvery, handler);
  }

  /** The partition count the topics share; the tables' placement needs one (a boot error otherwise). */
  private async samePartitionCount(topics: readonly string[]): Promise<number> {
    const metadata = await (await this.adminClient()).fetchTopicMetadata(topics);
    const counts = new Set(metadata.map((t) => t.partitions.length));
    if (counts.size !== 1)
      throw new Error(
        `the topics ${topics.join(', ')} must have as many partitions each (found ${metadata
          .map((t) => `${t.name}: ${t.partitions.length}`)
          .join(', ')}): a table's events must all reach the instance running it`,
      );
    return [...counts][0];
  }

  /** Reads `keys`' topics from now on in a consumer of this process alone (every instance gets every message). */
  private async consumeEvery(keys: readonly TopicKey[], handler: EventHandler): Promise<void> {
    const consumer = this.ownConsumer();
    await consumer.connect();
    await consumer.subscribe({ topics: keys.map((key) => this.topics[key]), fromBeginning: false });
    await consumer.runBatches(async ({ topic, messages }) => {
      for (const { value } of messages) await this.deliver(topic, value, handler);
    });
    await consumer.whenJoined();
  }

  /** A consumer in a group of this process alone, that commits nothing. */
  private ownConsumer(): KafkaConsumer {
    const consumer = this.kafka.consumer({
      groupId: `${this.options.groupId}.whole.${randomUUID()}`,
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 1_000,
      maxWaitTimeMs: 100,
      retry: { retries: 8 },
    });
    this.wholeTopicConsumers.push(consumer);
    return consumer;
  }

  /**
   * Consumes `keys`' topics whole, from the oldest retained message, in a consumer group of this process alone
   * (every instance gets every message, not a share of the partitions) that commits nothing: for what each instance
   * rebuilds at start, such as the revoked sessions. Resolves once what the topics held has been handled.
   */
  async consumeWhole(keys: readonly TopicKey[], handler: EventHandler): Promise<void> {
    const consumer = this.ownConsumer();
    await consumer.connect();
    await consumer.subscribe({ topics: keys.map((key) => this.topics[key]), fromBeginning: true });
    let lastBatchAt = Date.now();
    await consumer.runBatches(async ({ topic, messages }) => {
      for (const { value } of messages) await this.deliver(topic, value, handler);
      lastBatchAt = Date.now();
    });
    await consumer.whenJoined();
    // Joined is not caught up: the retained messages come in the batches after the join. The port gives no end
    // offsets, so "caught up" is the fetch loop going quiet (the broker holds an empty fetch maxWaitTimeMs).
    const joinedAt = Date.now();
    lastBatchAt = Math.max(lastBatchAt, joinedAt);
    while (
      Date.now() - lastBatchAt < WHOLE_TOPIC_QUIET_MS &&
      Date.now() - joinedAt < WHOLE_TOPIC_MAX_WAIT_MS
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Decodes a message at the edge and hands a valid event to `handler`; neither fault stalls the partition. */
  private async deliver(topic: string, value: Buffer | null, handler: EventHandler): Promise<void> {
    const decoded = decodeEvent(topic, value);
    if (!decoded.ok) {
      this.log(`skipping invalid message on ${topic}: ${decoded.code} ${decoded.message}`);
      return;
    }
    try {
      await handler(decoded.event);
    } catch (err) {
      // The event is logged for the runbook.
      this.log(`handler failed for ${decoded.event.type} ${decoded.event.id}: ${(err as Error).stack}`);
    }
  }

  async publish(events: readonly CasinoEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byTopic = new Map<string, OutgoingMessage[]>();
    for (const event of events) {
      const topic = topicFor(event, this.topics);
      const list = byTopic.get(topic) ?? [];
      list.push({ key: eventKey(event), value: encodeEventBuffer(event) });
      byTopic.set(topic, list);
    }
    // Never a send to a missing topic: the client would keep asking for it with every later metadata request and
    // fail sends to existing topics too. Refused here as the broker would (the relay parks what stays refused).
    const missing = await this.missingTopics([...byTopic.keys()]);
    if (missing.length > 0)
      throw Object.assign(new Error(`topic(s) ${missing.join(', ')} do not exist`), {
        type: 'UNKNOWN_TOPIC_OR_PARTITION',
      });
    try {
      await this.producer.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
    } catch (err) {
      // The listing has the topic but the broker answered "unknown topic": its metadata is catching up with a
      // topic created moments ago. Transient, so retried, not parked; the next attempt lists the topics again
      // (a topic deleted meanwhile is then refused by the check above).
      if (refusalOf(err)?.code !== 'UNKNOWN_TOPIC_OR_PARTITION') throw err;
      for (const topic of byTopic.keys()) this.existingTopics.delete(topic);
      throw new Error(`the broker does not know topic(s) it listed yet: ${(err as Error).message}`);
    }
  }

  private async missingTopics(topics: readonly string[]): Promise<string[]> {
    if (topics.every((t) => this.existingTopics.has(t))) return [];
    for (const t of await (await this.adminClient()).listTopics()) this.existingTopics.add(t);
    return topics.filter((t) => !this.existingTopics.has(t));
  }

  /**
   * Resolves when the cluster answers a metadata request within `timeoutMs` (readiness). One probe runs at a
   * time: a check made while one hangs waits for that one.
   */
  async ping(timeoutMs: number): Promise<void> {
    this.probe ??= this.describeCluster().finally(() => (this.probe = undefined));
    await withDeadline(this.probe, timeoutMs, 'Kafka did not answer');
  }

  private async describeCluster(): Promise<void> {
    await (await this.adminClient()).describeCluster();
  }

  private async adminClient(): Promise<KafkaAdmin> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      // Two first uses at once (a readiness probe and a publish): keep one client.
      if (this.admin) await admin.disconnect().catch(() => undefined);
      else this.admin = admin;
    }
    return this.admin;
  }

  async stop(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
    for (const consumer of this.wholeTopicConsumers) await consumer.disconnect().catch(() => undefined);
    await this.consumer?.disconnect().catch(() => undefined);
    await this.producer.disconnect().catch(() => undefined);
  }

  private async ensureTopics(): Promise<void> {
    const specs = prefixedTopicSpecs(this.options.topicPrefix);
    const created = await ensureTopics(
      this.kafka,
      specs.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
    );
    if (created.length > 0) this.log(`created topics ${created.join(', ')}`);
  }
}
