import {
  DEFAULT_REFUSAL_POLICY,
  isolateRefusals,
  KafkaAdmin,
  KafkaClient,
  KafkaProducer,
  Refusal,
  refusalOf,
  RefusalPolicy,
  RefusalTracker,
} from '@casino/kafka';
import { performance } from 'node:perf_hooks';
import { DataSource, QueryRunner } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { profiler } from '../observability/profiler';
import { OutboxRow } from './outbox.writer';

export interface RelayOptions {
  pollMs: number;
  batchSize: number;
  /** When a row the broker refuses is parked (default DEFAULT_REFUSAL_POLICY). */
  refusals?: RefusalPolicy;
}

const RELAY_LOCK = 7_140_560_002;
const MAX_REQUEST_BYTES = 800_000;
/** How often the leader re-reads which keys are parked (an operator's requeue shows within this). */
const PARKED_KEYS_REFRESH_MS = 5_000;

/**
 * Publishes outbox rows and marks them sent by deleting them once Kafka has them: a crash in between leaves the
 * rows in place to be published again (consumers dedupe by event id). Rows committed in this process are handed
 * over in memory (`handOff`) and published at once, in commit order, without being read back; a poll every
 * `pollMs` deletes what was published and publishes, in id order, any row not handed over (written by another
 * process, or left by a crash). Only one relay is active at a time (a session advisory lock, released if its
 * process dies) so per-key order holds.
 *
 * A row the broker refuses for good (its topic is missing or forbidden, the message too large) holds its key for
 * a few attempts, then is parked: `parked_at` and `park_error` set, an ALERT line logged, `parked` counted. The
 * key's later rows wait behind it (per-key order is the consumers' contract) until an operator requeues it; other
 * keys go on. A transient failure (broker down, timeouts) parks nothing: everything is retried, in order.
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
  private readonly refusals: RefusalTracker;
  /** Keys with a parked row: their rows wait in the table (re-read every PARKED_KEYS_REFRESH_MS). */
  private parkedKeys = new Set<string>();
  private parkedKeysAt = 0;
  /** Topics the broker listed: a row on any other is checked before it is sent. */
  private readonly existingTopics = new Set<string>();
  private admin?: KafkaAdmin;
  leader = false;
  published = 0;
  /** Rows parked by this process. */
  parked = 0;
  lastError?: string;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: KafkaClient,
    private readonly options: RelayOptions,
    private readonly logger: LedgerLog,
  ) {
    this.refusals = new RefusalTracker(options.refusals ?? DEFAULT_REFUSAL_POLICY);
  }

  async start(): Promise<void> {
    this.producer = this.kafka.producer({ maxInFlightRequests: 1, idempotent: false });
    await this.producer.connect();
    // Known topics before the first publish, off the boot path (a failure is retried when a row needs it).
    void this.listTopics().catch(() => undefined);
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
    await this.admin?.disconnect().catch(() => undefined);
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
      this.parkedKeysAt = 0;
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
    this.refusals.clear();
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
    await this.publish(rows, false);
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
    const now = Date.now();
    if (now - this.parkedKeysAt >= PARKED_KEYS_REFRESH_MS) {
      const parked: { key: string }[] = await runner.query(
        `SELECT DISTINCT key FROM ledger_outbox WHERE parked_at IS NOT NULL`,
      );
      this.parkedKeys = new Set(parked.map((p) => p.key));
      this.parkedKeysAt = now;
    }
    const rows: OutboxRow[] = await runner.query(
      // One round trip: the SELECT sees the rows as they were before the DELETE, hence the filter. Held keys'
      // rows and those of a key with a parked row stay where they are.
      `WITH sent AS (DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[]))
       SELECT id, topic, key, payload FROM ledger_outbox o
       WHERE NOT (id = ANY($1::bigint[])) AND parked_at IS NULL AND NOT (key = ANY($3::text[]))
         AND NOT EXISTS (SELECT 1 FROM ledger_outbox p WHERE p.key = o.key AND p.parked_at IS NOT NULL)
       ORDER BY id LIMIT $2`,
      [published, this.options.batchSize, this.refusals.heldKeys(now)],
    );
    for (const id of published) this.publishedIds.delete(id);
    await this.publish(rows, true);
    return rows.length;
  }

  /** `polled`: the rows come from the table in id order (a refused key's head row among them, if due). */
  private async publish(rows: readonly OutboxRow[], polled: boolean): Promise<void> {
    const admitted = await this.admit(rows, polled);
    try {
      await this.send(admitted);
    } catch (err) {
      if (!refusalOf(err)) throw err; // transient: the caller retries everything, in order
      // The broker refused something in there: row by row, to find it and let the others through.
      await this.isolate(admitted.filter((r) => !this.publishedIds.has(r.id)));
    }
  }

  /**
   * The rows that may be sent now, in order: not those of a parked or held key (they stay in the table), nor
   * those on a topic the broker refused or does not list (refused here, without a send).
   */
  private async admit(rows: readonly OutboxRow[], polled: boolean): Promise<OutboxRow[]> {
    const now = Date.now();
    const stopped = new Set<string>();
    const admitted: OutboxRow[] = [];
    for (const r of rows) {
      if (this.publishedIds.has(r.id)) continue;
      // A refused key's rows go only with a poll, which has its head row first.
      const refused = polled ? this.refusals.isHeld(r.key, now) : this.refusals.tracks(r.key);
      if (stopped.has(r.key) || this.parkedKeys.has(r.key) || refused) {
        stopped.add(r.key);
        continue;
      }
      const refusal =
        this.refusals.topicRefusal(r.topic, now) ??
        (this.existingTopics.has(r.topic) ? undefined : await this.missingTopic(r.topic));
      if (refusal) {
        await this.refuse(r, refusal);
        stopped.add(r.key);
        continue;
      }
      admitted.push(r);
    }
    return admitted;
  }

  private isolate(rows: readonly OutboxRow[]): Promise<void> {
    return isolateRefusals(rows, new Set(), {
      keyOf: (r) => r.key,
      topicOf: (r) => r.topic,
      refusals: this.refusals,
      now: Date.now,
      send: (r) => this.send([r]),
      refuse: (r, refusal) => this.refuse(r, refusal),
    });
  }

  private async refuse(row: OutboxRow, refusal: Refusal): Promise<void> {
    const { verdict, attempts } = this.refusals.refused(row.key, row.topic, refusal, Date.now());
    if (verdict === 'hold') {
      this.logger.warn(
        `outbox relay: the broker refused row ${row.id} (${row.topic}, key ${row.key}), attempt ${attempts}: ` +
          `${refusal.code} ${refusal.message}; its key waits for the next attempt`,
      );
      return;
    }
    const runner = this.runner;
    if (!runner) throw new Error('only the leading relay parks');
    const error = `${refusal.code}: ${refusal.message}`;
    await runner.query(`UPDATE ledger_outbox SET parked_at = now(), park_error = $2 WHERE id = $1`, [
      row.id,
      error,
    ]);
    this.parkedKeys.add(row.key);
    this.parked++;
    this.logger.error(
      `ALERT ledger outbox row parked: ${JSON.stringify({
        alert: 'ledger.outbox-parked',
        id: row.id,
        topic: row.topic,
        key: row.key,
        attempts,
        error,
      })}`,
    );
  }

  /** A refusal when the broker does not list `topic` (the list is read again, so a new topic is seen). */
  private async missingTopic(topic: string): Promise<Refusal | undefined> {
    await this.listTopics();
    if (this.existingTopics.has(topic)) return undefined;
    return {
      code: 'UNKNOWN_TOPIC_OR_PARTITION',
      topicLevel: true,
      message: `topic ${topic} does not exist`,
    };
  }

  private async listTopics(): Promise<void> {
    if (!this.admin) {
      const admin = this.kafka.admin();
      await admin.connect();
      this.admin ??= admin;
    }
    for (const t of await this.admin.listTopics()) this.existingTopics.add(t);
  }

  /** Sends in requests under the broker's 1 MB message.max.bytes, each marked published once Kafka has it. */
  private async send(rows: readonly OutboxRow[]): Promise<void> {
    const producer = this.producer;
    if (!producer) throw new Error('the relay is not started');
    for (let i = 0; i < rows.length;) {
      const from = i;
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
      for (let j = from; j < i; j++) {
        this.publishedIds.add(rows[j].id);
        this.refusals.accepted(rows[j].key, rows[j].topic);
      }
      this.published += i - from;
    }
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
