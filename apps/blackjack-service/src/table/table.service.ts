import { GameTableService, WatchedTable } from '@casino/table-kit/nest';
import { Injectable } from '@nestjs/common';
import { BlackjackServiceConfig, BlackjackTableConfig } from '../config/blackjack-config';
import { BlackjackTableMachine } from './blackjack-table.machine';
import { tableView } from './table-view';

/** Owns the tables: a host per table (Kafka, relay and lifecycle are the shared GameTableService's). */
@Injectable()
export class TableService extends GameTableService<BlackjackServiceConfig, BlackjackTableConfig> {
  readonly runtime = this.runtimeOf(
    this.config.tables,
    (t) => new BlackjackTableMachine(t, this.random, this.clock),
  );
  protected readonly runtimes = [this.runtime];

  watch(tableId: string): WatchedTable<BlackjackTableConfig> | undefined {
    return this.watchOn(this.runtime, tableId, tableView);
  }
}
