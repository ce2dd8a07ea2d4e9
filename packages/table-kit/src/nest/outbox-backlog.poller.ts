import { gameMetrics } from '@casino/observability';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Pool } from 'pg';
import { CommonEnv } from '../config/load-config';
import { SERVICE_CONFIG } from './common-providers';

/** How often `game_table_outbox_backlog` is refreshed. */
export const OUTBOX_POLL_MS = 5_000;

/**
 * Refreshes `casino_game_outbox_backlog` on a timer: the outbox events of the tables this instance holds not yet
 * sent to Kafka, one count on the partial index of unsent rows, on a connection of its own (never the tables' pool).
 * Without DATABASE_URL (memory store) there is nothing to count.
 */
@Injectable()
export class OutboxBacklogPoller implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Metrics');
  private pool: Pool | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private warned = false;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: CommonEnv) {}

  onModuleInit(): void {
    if (!this.config.DATABASE_URL) return;
    this.pool = new Pool({ connectionString: this.config.DATABASE_URL, max: 1, idleTimeoutMillis: 30_000 });
    // An idle connection dropped by the server must not crash the process.
    this.pool.on('error', () => undefined);
    this.timer = setInterval(() => void this.poll(), OUTBOX_POLL_MS);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.pool?.end().catch(() => undefined);
  }

  async poll(): Promise<void> {
    if (!this.pool || this.polling) return;
    this.polling = true;
    try {
      const { rows } = await this.pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM game_table_outbox o JOIN game_table_leases l USING (table_id)
         WHERE o.sent_at IS NULL AND l.owner = $1`,
        [this.config.SERVICE_INSTANCE],
      );
      gameMetrics().outboxBacklog.set(rows[0].n);
    } catch (err) {
      if (!this.warned) this.logger.warn(`metrics poll (outbox) failed: ${(err as Error).message}`);
      this.warned = true;
    } finally {
      this.polling = false;
    }
  }
}
