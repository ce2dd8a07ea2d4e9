import {
  CasinoEvent,
  decodeEvent,
  encodeEventBuffer,
  ensureTopics,
  eventKey,
  prefixedTopics,
  prefixedTopicSpecs,
  TopicKey,
  Topics,
  topicFor,
} from '@casino/events';
import { Consumer, Kafka, logLevel, Producer } from 'kafkajs';

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
}

/**
 * The service's one Kafka connection: an idempotent producer (retries never duplicate a message within a
 * producer session; consumers dedupe on event id across sessions) and one consumer group that decodes every
 * message at the edge and hands valid events to `handler`. Invalid messages are logged and skipped.
 */
export class KafkaPort implements EventPublisher {
  readonly topics: Topics;
  private readonly kafka: Kafka;
  private readonly producer: Producer;
  private consumer: Consumer | undefined;
  private readonly log: (message: string) => void;

  constructor(private readonly options: KafkaPortOptions) {
    this.topics = prefixedTopics(options.topicPrefix);
    this.log = options.log ?? ((m) => console.warn(m));
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.ERROR,
      retry: { retries: 8, initialRetryTime: 100 },
    });
    this.producer = this.kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: false,
    });
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
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      maxWaitTimeInMs: 100,
      retry: { retries: 8 },
    });
    this.consumer = consumer;
    await consumer.connect();
    const joined = new Promise<void>((resolve) => consumer.on(consumer.events.GROUP_JOIN, () => resolve()));
    for (const key of this.options.consume) {
      // From the beginning for a new group: nothing published before the group existed is lost; handlers
      // ignore events of rounds they do not know. A known group resumes from its committed offsets.
      await consumer.subscribe({ topic: this.topics[key], fromBeginning: true });
    }
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        const decoded = decodeEvent(topic, message.value);
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
      },
    });
    await joined;
  }

  async publish(events: readonly CasinoEvent[]): Promise<void> {
    if (events.length === 0) return;
    const byTopic = new Map<string, { key: string; value: Buffer }[]>();
    for (const event of events) {
      const topic = topicFor(event, this.topics);
      const list = byTopic.get(topic) ?? [];
      list.push({ key: eventKey(event), value: encodeEventBuffer(event) });
      byTopic.set(topic, list);
    }
    await this.producer.sendBatch({
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
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
