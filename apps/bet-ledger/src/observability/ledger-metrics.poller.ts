import { createKafkaClient, KafkaAdmin } from '@casino/kafka';
import { ledgerMetrics, seamlessMetrics } from '@casino/observability';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';

/** How often the polled gauges (outbox backlog, quarantine, consumer lag) are refreshed. */
export const METRICS_POLL_MS = 5_000;

/**
 * Refreshes the ledger's polled gauges on a timer, off the decision path: the outbox rows not yet deleted and the
 * open quarantine entries (two counts in one query), the seamless credits and rollbacks still pending per operator
 * (count and oldest age), and the consumer group's lag per topic-partition (committed
 * offset against the partition's end, from a Kafka admin). A failed poll keeps the previous values.
 */
@Injectable()
export class LedgerMetricsPoller implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Metrics');
  private timer: NodeJS.Timeout | undefined;
  private admin: KafkaAdmin | undefined;
  private polling = false;
  private warned = false;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => void this.poll(), METRICS_POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.admin?.disconnect().catch(() => undefined);
  }

  /** One refresh of every polled gauge (also what a test calls instead of waiting for the timer). */
  async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      await Promise.all([this.pollDatabase(), this.config.LEDGER_CONSUMER_ENABLED && this.pollLag()]);
    } finally {
      this.polling = false;
    }
  }

  private async pollDatabase(): Promise<void> {
    try {
      const [row] = (await this.dataSource.query(
        `SELECT (SELECT count(*) FROM ledger_outbox)::int AS outbox,
                (SELECT count(*) FROM ledger_quarantined_events WHERE status = 'parked')::int AS parked`,
      )) as { outbox: number; parked: number }[];
      const m = ledgerMetrics();
      m.outboxBacklog.set(row.outbox);
      m.quarantineOpen.set(row.parked);
      const pending = (await this.dataSource.query(
        `SELECT operator_id, count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS oldest
           FROM ledger_seamless_calls WHERE state = 'pending' GROUP BY operator_id`,
      )) as { operator_id: string; n: number; oldest: number }[];
      const s = seamlessMetrics();
      // An operator whose backlog emptied shows 0, not its last value.
      for (const g of [s.retryBacklog, s.oldestPendingSeconds]) g.reset();
      for (const p of pending) {
        s.retryBacklog.set({ operator: p.operator_id }, p.n);
        s.oldestPendingSeconds.set({ operator: p.operator_id }, p.oldest);
      }
    } catch (err) {
      this.failed('database', err);
    }
  }

  private async pollLag(): Promise<void> {
    try {
      const admin = await this.connectedAdmin();
      const committed = await admin.fetchGroupOffsets(this.config.KAFKA_GROUP_ID);
      const lag = ledgerMetrics().consumerLag;
      const values: { topic: string; partition: string; lag: number }[] = [];
      for (const { topic, partitions } of committed) {
        const ends = new Map((await admin.fetchTopicOffsets(topic)).map((w) => [w.partition, w] as const));
        for (const p of partitions) {
          const end = ends.get(p.partition);
          if (!end) continue;
          // Nothing committed yet (-1): everything from the partition's start is still to be read.
          const from = Number(p.offset) < 0 ? Number(end.low) : Number(p.offset);
          values.push({ topic, partition: String(p.partition), lag: Math.max(0, Number(end.high) - from) });
        }
      }
      lag.reset();
      for (const v of values) lag.set({ topic: v.topic, partition: v.partition }, v.lag);
    } catch (err) {
      this.failed('kafka', err);
      await this.admin?.disconnect().catch(() => undefined);
      this.admin = undefined;
    }
  }

  private async connectedAdmin(): Promise<KafkaAdmin> {
    if (this.admin) return this.admin;
    const c = this.config;
    const admin = createKafkaClient({
      clientId: `${c.KAFKA_CLIENT_ID}-metrics`,
      brokers: c.KAFKA_BROKERS,
      security: c.KAFKA_CLIENT_SECURITY,
    }).admin();
    await admin.connect();
    this.admin = admin;
    return admin;
  }

  private failed(what: string, err: unknown): void {
    // Before migrations have run, or while a dependency is down: the gauges keep their values; said once.
    if (this.warned) return;
    this.warned = true;
    this.logger.warn(`metrics poll (${what}) failed: ${(err as Error).message}`);
  }
}
