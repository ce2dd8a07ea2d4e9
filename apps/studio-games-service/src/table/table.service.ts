import { GameTableService, WatchedTable } from '@casino/table-kit/nest';
import { Injectable } from '@nestjs/common';
import { StudioServiceConfig, StudioTableConfig } from '../config/studio-config';
import { StudioTableMachine } from './studio-table.machine';
import { tableView } from './table-view';

/** Owns the tables of the four studio games: one runtime, a machine per table for its game. */
@Injectable()
export class TableService extends GameTableService<StudioServiceConfig, StudioTableConfig> {
  readonly runtime = this.runtimeOf(
    this.config.tables,
    (t) => new StudioTableMachine(t, this.random, this.clock),
  );
  protected readonly runtimes = [this.runtime];

  watch(tableId: string): WatchedTable<StudioTableConfig> | undefined {
    return this.watchOn(this.runtime, tableId, tableView);
  }
}
