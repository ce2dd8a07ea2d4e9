import { Kafka, Producer } from 'kafkajs';
import { DataSource, QueryRunner } from 'typeorm';
import { LedgerLog } from '../messaging/ledger.processor';

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
}

const RELAY_LOCK = 7_140_560_002;
const MAX_REQUEST_BYTES = 800_000;

/**
 * Publishes outbox rows in id order and marks them sent by deleting them once Kafka has them: a crash in between
 * leaves the rows in place to be published again (consumers dedupe by event id). Only one relay is active at a
 * time (a session advisory lock, released if its process dies) so per-key order holds.
 */
export class OutboxRelay {
  private producer?: Producer;
  private runner?: QueryRunner;
  private stopped = false;
  private wakeUp?: () => void;
  private woken = false;
  private loop?: Promise<void>;
  /** Published, to be deleted by the next round (or when the relay steps down). */
  private publishedIds: string[] = [];
  leader = false;
  published = 0;
  lastError?: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: Kafka,
    private readonly options: RelayOptions,
    private readonly logger: LedgerLog,
  ) {}

  async start(): Promise<void> {
    this.producer = this.kafka.producer({
      allowAutoTopicCreation: false,
      maxInFlightRequests: 1,
      idempotent: false,
    });
    await this.producer.connect();
    this.loop = this.run();
  }

  /** Something was just committed to the outbox: look now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.loop;
    await this.producer?.disconnect();
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (!this.leader) await this.tryLead();
        if (!this.leader) {
          await this.sleep(1_000);
          continue;
        }
        const sent = await this.publishOnce();
        if (sent === 0) await this.sleep(this.options.pollMs);
      } catch (err) {
        this.lastError = (err as Error).message;
        this.logger.error(`outbox relay: ${this.lastError}`);
        await this.releaseLeadership();
        await this.sleep(500);
      }
    }
    await this.releaseLeadership();
  }

  private async tryLead(): Promise<void> {
    this.runner = this.dataSource.createQueryRunner();
    await this.runner.connect();
    const [{ locked }] = await this.runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [RELAY_LOCK]);
    if (locked) {
      this.leader = true;
      this.logger.log('outbox relay is the active publisher');
    } else {
      await this.runner.release();
      this.runner = undefined;
    }
  }

  private async releaseLeadership(): Promise<void> {
    this.leader = false;
    const runner = this.runner;
    this.runner = undefined;
    if (runner && !runner.isReleased) {
      const ids = this.publishedIds;
      this.publishedIds = [];
      await runner
        .query(`DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[])`, [ids])
        .catch(() => undefined);
      await runner.query(`SELECT pg_advisory_unlock($1)`, [RELAY_LOCK]).catch(() => undefined);
      await runner.release().catch(() => undefined);
    }
  }

  /**
   * One round: delete the rows the previous round published, read the oldest others and publish them in id
   * order. Only the leader runs this, so no transaction is needed; a crash after a publish publishes those rows
   * again, which consumers absorb by event id. Returns how many rows were published.
   */
  async publishOnce(): Promise<number> {
    const runner = this.runner!;
    const rows: { id: string; topic: string; key: string; payload: string }[] = await runner.query(
      // One round trip: the SELECT sees the rows as they were before the DELETE, hence the filter.
      `WITH sent AS (DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[]))
       SELECT id, topic, key, payload FROM ledger_outbox WHERE NOT (id = ANY($1::bigint[])) ORDER BY id LIMIT $2`,
      [this.publishedIds, this.options.batchSize],
    );
    this.publishedIds = [];
    if (rows.length === 0) return 0;
    // Requests stay under the broker's 1 MB message.max.bytes; order within each topic is kept.
    for (let i = 0; i < rows.length;) {
      const byTopic = new Map<string, { key: string; value: string }[]>();
      let bytes = 0;
      for (; i < rows.length && (bytes === 0 || bytes + rows[i].payload.length < MAX_REQUEST_BYTES); i++) {
        const r = rows[i];
        bytes += r.payload.length + r.key.length + 64;
        let list = byTopic.get(r.topic);
        if (!list) byTopic.set(r.topic, (list = []));
        list.push({ key: r.key, value: r.payload });
      }
      await this.producer!.sendBatch({
        acks: -1,
        topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
      });
    }
    this.publishedIds = rows.map((r) => r.id);
    this.published += rows.length;
    return rows.length;
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined = undefined;
      const done = () => {
        clearTimeout(timer);
        this.woken = false;
        this.wakeUp = undefined;
        resolve();
      };
      timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
