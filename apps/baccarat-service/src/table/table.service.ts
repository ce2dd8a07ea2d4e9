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
import { BACCARAT_CONFIG } from '../app/tokens';
import { BaccaratServiceConfig, BaccaratTableConfig } from '../config/baccarat-config';
import { RngSessionsMachine } from '../rng/rng-sessions.machine';
import { RngInput, RngReply, RngTableState } from '../rng/rng-sessions.state';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState } from './baccarat-table.state';
import { tableView } from './table-view';

/**
 * Owns the tables: live tables and RNG tables each in a runtime (Kafka, relay and lifecycle are the shared
 * GameTableService's; a ledger event goes to the live runtime first).
 */
@Injectable()
export class TableService extends GameTableService<BaccaratServiceConfig, BaccaratTableConfig> {
  readonly live: GameRuntime<BaccaratTableState, BaccaratInput, BaccaratReply>;
  readonly rng: GameRuntime<RngTableState, RngInput, RngReply>;
  protected readonly runtimes: readonly LedgerRuntime[];

  constructor(
    @Inject(BACCARAT_CONFIG) config: BaccaratServiceConfig,
    @Inject(STATE_STORE) store: StateStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(RANDOM_SOURCE) random: RandomSource | null,
    kafka: KafkaPort,
    broadcaster: SocketBroadcaster,
  ) {
    super(config, store, clock, random, kafka, broadcaster);
    const source = this.random;
    this.live = new GameRuntime(
      this.hostDeps,
      config.tables
        .filter((t) => t.rules.variant !== 'rng')
        .map((t) => ({ tableId: t.id, machine: new BaccaratTableMachine(t, source, clock) })),
    );
    this.rng = new GameRuntime(
      this.hostDeps,
      config.tables
        .filter((t) => t.rules.variant === 'rng')
        .map((t) => ({ tableId: t.id, machine: new RngSessionsMachine(t, source, clock, config) })),
    );
    this.runtimes = [this.live, this.rng];
  }

  /** A live table (RNG tables are per-player sessions, not watched). */
  watch(tableId: string): WatchedTable<BaccaratTableConfig> | undefined {
    const config = this.tableConfig(tableId);
    const host = this.live.host(tableId);
    return config && host && { config, view: (playerId) => tableView(host.state, config, playerId) };
  }
}
