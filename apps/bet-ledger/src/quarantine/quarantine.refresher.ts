import { sqlOf } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';
import { openQuarantineEntries } from './quarantine.repository';
import { QuarantineRegistry } from './quarantine.registry';

/**
 * Reloads the registry from the quarantine table: once at boot (before consuming), then every `everyMs`, so
 * that messages parked or resolved by another instance hold or free their rounds and players here too.
 */
export class QuarantineRefresher {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly registry: QuarantineRegistry,
    private readonly logger: LedgerLog,
  ) {}

  start(everyMs: number): void {
    this.timer = setInterval(
      () => void this.refreshNow().catch((e) => this.logger.warn(`quarantine refresh: ${e}`)),
      everyMs,
    );
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  refreshNow(): Promise<void> {
    this.running ??= this.registry
      .reload(async () => {
        const runner = this.dataSource.createQueryRunner();
        try {
          return await openQuarantineEntries(sqlOf(runner));
        } finally {
          await runner.release();
        }
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
