import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';

export interface PrunerOptions {
  /** Ids younger than this are kept: longer than Kafka keeps the consumed topics, so no redelivery outlives it. */
  retentionHours: number;
  everyMs: number;
}

const CHUNK = 10_000;

/**
 * Deletes processed-event ids once no redelivery can bring their events back, so the table stays the size of
 * the retention window. Deletes in chunks, each its own short statement, so batches are never held up for long.
 */
export class ProcessedEventsPruner {
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;
  pruned = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: PrunerOptions,
    private readonly logger: LedgerLog,
  ) {}

  start(): void {
    this.timer = setInterval(
      () => void this.pruneNow().catch((e) => this.logger.warn(`pruning: ${e}`)),
      this.options.everyMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** One pass; returns how many ids it deleted. */
  pruneNow(): Promise<number> {
    this.running ??= this.prune().finally(() => (this.running = undefined));
    return this.running;
  }

  private async prune(): Promise<number> {
    let total = 0;
    for (;;) {
      const [{ n }]: { n: number }[] = await this.dataSource.query(
        `WITH gone AS (
           DELETE FROM ledger_processed_events WHERE event_id IN (
             SELECT event_id FROM ledger_processed_events
             WHERE processed_at < now() - make_interval(hours => $1) LIMIT ${CHUNK})
           RETURNING 1)
         SELECT count(*)::int AS n FROM gone`,
        [this.options.retentionHours],
      );
      total += n;
      if (n < CHUNK) break;
    }
    this.pruned += total;
    if (total > 0)
      this.logger.log(`pruned ${total} processed-event ids older than ${this.options.retentionHours} h`);
    return total;
  }
}
