import { GameTableService, WatchedTable } from '@casino/table-kit/nest';
import { Injectable } from '@nestjs/common';
import { BaccaratServiceConfig, BaccaratTableConfig } from '../config/baccarat-config';
import { RngSessionsMachine } from '../rng/rng-sessions.machine';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { tableView } from './table-view';

const isRng = (table: BaccaratTableConfig): boolean => table.rules.variant === 'rng';

/**
 * Owns the tables: live tables and RNG tables each in a runtime (Kafka, relay and lifecycle are the shared
 * GameTableService's; a ledger event goes to the live runtime first).
 */
@Injectable()
export class TableService extends GameTableService<BaccaratServiceConfig, BaccaratTableConfig> {
  readonly live = this.runtimeOf(
    this.config.tables.filter((t) => !isRng(t)),
    (t) => new BaccaratTableMachine(t, this.random, this.clock),
  );
  readonly rng = this.runtimeOf(
    this.config.tables.filter(isRng),
    (t) => new RngSessionsMachine(t, this.random, this.clock, this.config),
  );
  protected readonly runtimes = [this.live, this.rng];

  /** A live table (RNG tables are per-player sessions, not watched). */
  watch(tableId: string): WatchedTable<BaccaratTableConfig> | undefined {
    return this.watchOn(this.live, tableId, tableView);
  }
}
