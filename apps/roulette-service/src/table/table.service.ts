import { RandomSource } from '@casino/cards';
import {
  CLOCK,
  Clock,
  GameRuntime,
  GameTableService,
  KafkaPort,
  LedgerRuntime,
  RANDOM_SOURCE,
  SocketBroadcaster,
  STATE_STORE,
  StateStore,
  WatchedTable,
} from '@casino/table-kit';
import { Inject, Injectable } from '@nestjs/common';
import { ROULETTE_CONFIG } from '../app/tokens';
import { RouletteServiceConfig, RouletteTableConfig } from '../config/roulette-config';
import { RouletteTableMachine } from './roulette-table.machine';
import { RouletteInput, RouletteReply, RouletteTableState } from './roulette-table.state';
import { tableView } from './table-view';

/** Owns the tables: a host per table (Kafka, relay and lifecycle are the shared GameTableService's). */
@Injectable()
export class TableService extends GameTableService<RouletteServiceConfig, RouletteTableConfig> {
  readonly runtime: GameRuntime<RouletteTableState, RouletteInput, RouletteReply>;
  protected readonly runtimes: readonly LedgerRuntime[];

  constructor(
    @Inject(ROULETTE_CONFIG) config: RouletteServiceConfig,
    @Inject(STATE_STORE) store: StateStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(RANDOM_SOURCE) random: RandomSource | null,
    kafka: KafkaPort,
    broadcaster: SocketBroadcaster,
  ) {
    super(config, store, clock, random, kafka, broadcaster);
    this.runtime = new GameRuntime(
      this.hostDeps,
      config.tables.map((t) => ({ tableId: t.id, machine: new RouletteTableMachine(t, this.random, clock) })),
    );
    this.runtimes = [this.runtime];
  }

  watch(tableId: string): WatchedTable<RouletteTableConfig> | undefined {
    const config = this.tableConfig(tableId);
    const host = this.runtime.host(tableId);
    return config && host && { config, view: (playerId) => tableView(host.state, config, playerId) };
  }
}
