import { KafkaAdmin, KafkaClient, KafkaProducer } from '@casino/kafka';
import { OutboxPublisher, Refusal } from '@casino/outbox';
import { OutboxRow } from './outbox.writer';

/** The broker's message.max.bytes is 1 MB: a send is split into requests under it. */
const MAX_REQUEST_BYTES = 800_000;

/**
 * The relay's Kafka producer (one request in flight, so a key's rows land in order) and the topics the broker
 * lists: a row on any other is checked before it is sent.
 */
export class LedgerOutboxPublisher implements OutboxPublisher<OutboxRow> {
  private readonly producer: KafkaProducer;
  private admin: KafkaAdmin | undefined;
  private readonly existingTopics = new Set<string>();

  constructor(private readonly kafka: KafkaClient) {
    this.producer = kafka.producer({ maxInFlightRequests: 1, idempotent: false });
  }

  async connect(): Promise<void> {
    await this.producer.connect();
    // Known topics before the first publish, off the boot path (a failure is retried when a row needs it).
    void this.listTopics().catch(() => undefined);
  }

  async disconnect(): Promise<void> {
    await this.producer.disconnect();
    await this.admin?.disconnect().catch(() => undefined);
  }

  async send(rows: readonly OutboxRow[]): Promise<void> {
    const byTopic = new Map<string, { key: string; value: string }[]>();
    for (const r of rows) {
      let list = byTopic.get(r.topic);
      if (!list) byTopic.set(r.topic, (list = []));
      list.push({ key: r.key, value: r.payload });
    }
    await this.producer.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
  }

  /** A refusal when the broker does not list `topic` (the list is read again, so a new topic is seen). */
  async refusalBeforeSend(topic: string): Promise<Refusal | undefined> {
    if (this.existingTopics.has(topic)) return undefined;
    await this.listTopics();
    if (this.existingTopics.has(topic)) return undefined;
    return { code: 'UNKNOWN_TOPIC_OR_PARTITION', topicLevel: true, message: `topic ${topic} does not exist` };
  }

  private async listTopics(): Promise<void> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin ??= admin;
    }
    for (const t of await this.admin.listTopics()) this.existingTopics.add(t);
  }
}

/** Rows in requests under MAX_REQUEST_BYTES (a single larger row goes alone: the broker answers for it). */
export function requestsBySize(rows: readonly OutboxRow[]): OutboxRow[][] {
  const requests: OutboxRow[][] = [];
  for (let i = 0; i < rows.length;) {
    const request: OutboxRow[] = [];
    let bytes = 0;
    for (; i < rows.length && (bytes === 0 || bytes + rows[i].payload.length < MAX_REQUEST_BYTES); i++) {
      bytes += rows[i].payload.length + rows[i].key.length + 64;
      request.push(rows[i]);
    }
    requests.push(request);
  }
  return requests;
}
