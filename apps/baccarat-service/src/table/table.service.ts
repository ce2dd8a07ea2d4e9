import { cryptoRandom, RandomSource } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import {
  BalanceLookup,
  CLOCK,
  Clock,
  GameRuntime,
  KafkaPort,
  PlayerClaims,
  PlayerRelay,
  RANDOM_SOURCE,
  SocketBroadcaster,
  STATE_STORE,
  StateStore,
} from '@casino/table-kit';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { BACCARAT_CONFIG } from '../app/tokens';
import { BaccaratServiceConfig, BaccaratTableConfig } from '../config/baccarat-config';
import { RngSessionsMachine } from '../rng/rng-sessions.machine';
import { RngInput, RngReply, RngTableState } from '../rng/rng-sessions.state';
import { BaccaratReply } from './baccarat-replies';
import { BaccaratTableMachine } from './baccarat-table.machine';
import { BaccaratInput, BaccaratTableState } from './baccarat-table.state';

/** Owns the tables: live tables and RNG tables each in a runtime, Kafka in and out, the players' relay. */
@Injectable()
export class TableService implements OnModuleInit, OnModuleDestroy {
  readonly live: GameRuntime<BaccaratTableState, BaccaratInput, BaccaratReply>;
  readonly rng: GameRuntime<RngTableState, RngInput, RngReply>;
  readonly relay: PlayerRelay;
  private readonly balances: BalanceLookup;
  private readonly logger = new Logger('TableService');
  private readonly configs = new Map<string, BaccaratTableConfig>();

  constructor(
    @Inject(BACCARAT_CONFIG) readonly config: BaccaratServiceConfig,
    @Inject(STATE_STORE) private readonly store: StateStore,
    @Inject(CLOCK) readonly clock: Clock,
    @Inject(RANDOM_SOURCE) random: RandomSource | null,
    private readonly kafka: KafkaPort,
    broadcaster: SocketBroadcaster,
  ) {
    const source = random ?? cryptoRandom();
    for (const t of config.tables) this.configs.set(t.id, t);
    const deps = { publisher: kafka, store, clock, broadcaster, log: (m: string) => this.logger.warn(m) };
    this.live = new GameRuntime(
      deps,
      config.tables
        .filter((t) => t.rules.variant !== 'rng')
        .map((t) => ({ tableId: t.id, machine: new BaccaratTableMachine(t, source, clock) })),
    );
    this.rng = new GameRuntime(
      deps,
      config.tables
        .filter((t) => t.rules.variant === 'rng')
        .map((t) => ({ tableId: t.id, machine: new RngSessionsMachine(t, source, clock, config) })),
    );
    this.relay = new PlayerRelay(broadcaster, (id) => this.live.owns(id) || this.rng.owns(id));
    this.balances = new BalanceLookup(this.relay, config.LEDGER_URL);
  }

  async onModuleInit(): Promise<void> {
    await this.kafka.connect();
    await Promise.all([this.live.start(), this.rng.start()]);
    await this.kafka.consume(this.onEvent);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.live.stop(), this.rng.stop()]);
    await this.kafka.stop();
    await this.store.close();
  }

  private readonly onEvent = async (event: CasinoEvent): Promise<void> => {
    this.relay.handle(event);
    if (!(await this.live.dispatchLedgerEvent(event))) await this.rng.dispatchLedgerEvent(event);
  };

  tableConfig(tableId: string): BaccaratTableConfig | undefined {
    return this.configs.get(tableId);
  }

  /** The player's balance for a join snapshot (latest seen, else asked of the ledger), undefined if unknown. */
  balanceFor(player: PlayerClaims): Promise<bigint | undefined> {
    return this.balances.balanceFor(player);
  }
}
