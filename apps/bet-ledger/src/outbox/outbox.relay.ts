import { KafkaClient, KafkaProducer } from '@casino/kafka';
import { performance } from 'node:perf_hooks';
import { DataSource, QueryRunner } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { OutboxRow } from './outbox.writer';

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
}

const RELAY_LOCK = 7_140_560_002;
const MAX_REQUEST_BYTES = 800_000;

/**
 * Publishes outbox rows and marks them sent by deleting them once Kafka has them: a crash in between leaves the
 * rows in place to be published again (consumers dedupe by event id). Rows committed in this process are handed
 * over in memory (`handOff`) and published at once, in commit order, without being read back; a poll every
 * `pollMs` deletes what was published and publishes, in id order, any row not handed over (written by another
 * process, or left by a crash). Only one relay is active at a time (a session advisory lock, released if its
 * process dies) so per-key order holds.
 */
export class OutboxRelay {
  private producer?: KafkaProducer;
  private runner?: QueryRunner;
  private stopped = false;
  private wakeUp?: () => void;
  private woken = false;
  private loop?: Promise<void>;
  /** Handed over, not yet published. */
  private pending: OutboxRow[][] = [];
  /** Published, to be deleted by the next poll (or when the relay steps down). */
  private publishedIds = new Set<string>();
  private nextPollAt = 0;
  leader = false;
  published = 0;
  lastError?: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: KafkaClient,
    private readonly options: RelayOptions,
    private readonly logger: LedgerLog,
  ) {}

  async start(): Promise<void> {
    this.producer = this.kafka.producer({ maxInFlightRequests: 1, idempotent: false });
    await this.producer.connect();
    this.loop = this.run();
  }

  /** Rows of a transaction that has just committed. A relay that is not the leader leaves them to the leader's poll. */
  handOff(rows: OutboxRow[]): void {
    if (!this.leader || this.stopped) return;
    this.pending.push(rows);
    this.signal();
  }

  private signal(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.signal();
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
        // A due poll waits for a gap between hand-overs, unless it is a whole period late.
        const now = performance.now();
        if (
          now >= this.nextPollAt &&
          (this.pending.length === 0 || now >= this.nextPollAt + this.options.pollMs)
        ) {
          const full =
            (await profiler.time('relay.poll', () => this.publishOnce())) >= this.options.batchSize;
          // A full poll leaves more: poll again as soon as the hand-overs leave a gap.
          this.nextPollAt = performance.now() + (full ? 0 : this.options.pollMs);
          continue;
        }
        if (this.pending.length > 0) {
          await profiler.time('relay.pending', () => this.publishPending());
          continue;
        }
        await this.sleep(this.nextPollAt - performance.now());
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
      this.nextPollAt = 0;
      this.logger.log('outbox relay is the active publisher');
    } else {
      await this.runner.release();
      this.runner = undefined;
    }
  }

  private async releaseLeadership(): Promise<void> {
    this.leader = false;
    // Rows handed over but not published stay in the table for the next leader's poll.
    this.pending = [];
    const runner = this.runner;
    this.runner = undefined;
    if (runner && !runner.isReleased) {
      const ids = [...this.publishedIds];
      this.publishedIds.clear();
      await runner
        .query(`DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[])`, [ids])
        .catch(() => undefined);
      await runner.query(`SELECT pg_advisory_unlock($1)`, [RELAY_LOCK]).catch(() => undefined);
      await runner.release().catch(() => undefined);
    }
  }

  /**
   * Publishes the handed-over rows in commit order, skipping any a poll has published meanwhile (one that a poll
   * has published and already deleted goes out twice; consumers dedupe by event id).
   */
  private async publishPending(): Promise<void> {
    const rows = this.pending.flat().filter((r) => !this.publishedIds.has(r.id));
    this.pending = [];
    await this.publish(rows);
  }

  /**
   * One poll: delete the rows published since the last one, read the oldest others and publish them in id
   * order. Only the leader runs this, so no transaction is needed; a crash after a publish publishes those rows
   * again, which consumers absorb by event id. Returns how many rows were published.
   */
  async publishOnce(): Promise<number> {
    const published = [...this.publishedIds];
    const runner = this.runner;
    if (!runner) throw new Error('only the leading relay polls');
    const rows: OutboxRow[] = await runner.query(
      // One round trip: the SELECT sees the rows as they were before the DELETE, hence the filter.
      `WITH sent AS (DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[]))
       SELECT id, topic, key, payload FROM ledger_outbox WHERE NOT (id = ANY($1::bigint[]))
       ORDER BY id LIMIT $2`,
      [published, this.options.batchSize],
    );
    for (const id of published) this.publishedIds.delete(id);
    await this.publish(rows);
    return rows.length;
  }

  private async publish(rows: readonly OutboxRow[]): Promise<void> {
    const producer = this.producer;
    if (!producer) throw new Error('the relay is not started');
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
      await producer.send([...byTopic].map(([topic, messages]) => ({ topic, messages })));
    }
    for (const r of rows) this.publishedIds.add(r.id);
    this.published += rows.length;
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
