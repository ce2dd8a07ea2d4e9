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
import {
  createKafkaClient,
  ensureTopics,
  KafkaClient,
  KafkaConsumer,
  KafkaProducer,
  KafkaSecurity,
  OutgoingMessage,
} from '@casino/kafka';

/** What the table host needs from Kafka: publish events, in order, each to its own topic and key. */
export interface EventPublisher {
  publish(events: readonly CasinoEvent[]): Promise<void>;
}

export type EventHandler = (event: CasinoEvent) => Promise<void>;

export interface KafkaPortOptions {
  brokers: string[];
  clientId: string;
  groupId: string;
  topicPrefix: string;
  createTopics: boolean;
  /** Base topics this service consumes (decisions, final bets, settlements, wallet). */
  consume: readonly TopicKey[];
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
  private readonly log: (message: string) => void;

  constructor(private readonly options: KafkaPortOptions) {
    this.topics = prefixedTopics(options.topicPrefix);
    this.log = options.log ?? ((m) => console.warn(m));
    this.kafka = createKafkaClient({
      clientId: options.clientId,
      brokers: options.brokers,
      retry: { retries: 8, initialRetryTimeMs: 100 },
      security: options.security,
    });
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  }

  /** Creates missing topics if asked and connects the producer. */
  async connect(): Promise<void> {
    if (this.options.createTopics) await this.ensureTopics();
    await this.producer.connect();
  }

  /** Starts consuming; resolves once the group is joined. */
  async consume(handler: EventHandler): Promise<void> {
    if (this.options.consume.length === 0) return;
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeoutMs: 10_000,
      heartbeatIntervalMs: 1_000,
      maxWaitTimeMs: 100,
      retry: { retries: 8 },
    });
    this.consumer = consumer;
    await consumer.connect();
    // From the beginning for a new group: nothing published before the group existed is lost; handlers
    // ignore events of rounds they do not know. A known group resumes from its committed offsets.
    await consumer.subscribe({
      topics: this.options.consume.map((key) => this.topics[key]),
      fromBeginning: true,
    });
    await consumer.runMessages(async ({ topic, value }) => {
      const decoded = decodeEvent(topic, value);
      if (!decoded.ok) {
        this.log(`skipping invalid message on ${topic}: ${decoded.code} ${decoded.message}`);
        return;
      }
      try {
        await handler(decoded.event);
      } catch (err) {
        // A handler fault must not stall the partition; the event is logged for the runbook.
        this.log(`handler failed for ${decoded.event.type} ${decoded.event.id}: ${(err as Error).stack}`);
      }
    });
    await consumer.whenJoined();
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
    await this.producer.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
  }

  async stop(): Promise<void> {
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
