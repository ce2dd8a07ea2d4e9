import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import { KafkaPort } from '../kafka/kafka-port';
import { OutboxRelay } from '../relay/outbox-relay';
import { StateStore } from '../state/state-store';
import { withDeadline } from '../timers/deadline';
import { TableAvailability } from '../host/table-availability';

/** What the readiness checks read of the service's configuration. */
export interface HealthSettings {
  DATABASE_URL?: string;
  LEDGER_URL?: string;
  LEDGER_HEALTH_URL?: string;
  HEALTH_CHECK_TIMEOUT_MS: number;
}

/** A table as the health report lists it. */
export interface TableHealth {
  tableId: string;
  availability: TableAvailability;
}

/** Where the ledger's health is asked: LEDGER_HEALTH_URL, else LEDGER_URL/health, else nowhere. */
export function ledgerHealthUrl(settings: HealthSettings): string | undefined {
  if (settings.LEDGER_HEALTH_URL) return settings.LEDGER_HEALTH_URL;
  return settings.LEDGER_URL ? `${settings.LEDGER_URL.replace(/\/+$/, '')}/health` : undefined;
}

const reason = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The readiness checks of a game service, one per dependency, each bounded by HEALTH_CHECK_TIMEOUT_MS: PostgreSQL
 * answers a query; Kafka answers a metadata request and the relay's last send went through; the ledger's
 * health endpoint answers 2xx. `tables` reports paused tables (informative: a paused table is not a failure).
 */
export class DependencyChecks {
  constructor(
    private readonly indicator: HealthIndicatorService,
    private readonly settings: HealthSettings,
    private readonly store: StateStore,
    private readonly kafkaPort: KafkaPort,
    private readonly relay: OutboxRelay,
    private readonly tables: () => TableHealth[],
  ) {}

  private get timeoutMs(): number {
    return this.settings.HEALTH_CHECK_TIMEOUT_MS;
  }

  async database(): Promise<HealthIndicatorResult<'database'>> {
    const check = this.indicator.check('database');
    if (!this.settings.DATABASE_URL) return check.up({ store: 'memory' });
    try {
      await withDeadline(this.store.ping(), this.timeoutMs, 'PostgreSQL did not answer');
      return check.up();
    } catch (err) {
      return check.down({ message: reason(err) });
    }
  }

  async kafka(): Promise<HealthIndicatorResult<'kafka'>> {
    const check = this.indicator.check('kafka');
    try {
      await this.kafkaPort.ping(this.timeoutMs);
    } catch (err) {
      return check.down({ message: reason(err) });
    }
    const since = this.relay.kafkaDownSince;
    if (since !== undefined) {
      return check.down({
        message: 'the outbox relay has not sent since',
        since: new Date(since).toISOString(),
      });
    }
    return check.up();
  }

  async ledger(): Promise<HealthIndicatorResult<'ledger'>> {
    const check = this.indicator.check('ledger');
    const url = ledgerHealthUrl(this.settings);
    if (!url) return check.up({ checked: false });
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
      await res.body?.cancel();
      return res.ok ? check.up() : check.down({ message: `the ledger answered ${res.status}` });
    } catch (err) {
      return check.down({ message: reason(err) });
    }
  }

  tablesReport(): HealthIndicatorResult<'tables'> {
    const paused = this.tables()
      .filter((t) => t.availability.status === 'paused')
      .map((t) => ({
        tableId: t.tableId,
        pausedFor: t.availability.pausedFor,
        since: t.availability.pausedSince,
      }));
    return this.indicator.check('tables').up({ paused });
  }
}
