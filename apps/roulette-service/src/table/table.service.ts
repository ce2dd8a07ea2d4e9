import { GameTableService, WatchedTable } from '@casino/table-kit/nest';
import { Injectable } from '@nestjs/common';
import { RouletteServiceConfig, RouletteTableConfig } from '../config/roulette-config';
import { RouletteTableMachine } from './roulette-table.machine';
import { tableView } from './table-view';

/** Owns the tables: a host per table (Kafka, relay and lifecycle are the shared GameTableService's). */
@Injectable()
export class TableService extends GameTableService<RouletteServiceConfig, RouletteTableConfig> {
  readonly runtime = this.runtimeOf(
    this.config.tables,
    (t) => new RouletteTableMachine(t, this.random, this.clock),
  );
  protected readonly runtimes = [this.runtime];

  watch(tableId: string): WatchedTable<RouletteTableConfig> | undefined {
    return this.watchOn(this.runtime, tableId, tableView);
  }
}
