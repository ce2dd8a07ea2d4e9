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
import { BLACKJACK_CONFIG } from '../app/tokens';
import { BlackjackServiceConfig, BlackjackTableConfig } from '../config/blackjack-config';
import { BlackjackTableMachine } from './blackjack-table.machine';
import { BlackjackReply, BlackjackTableInput, BlackjackTableState } from './blackjack-table.state';

/** Owns the tables: a host per table, Kafka in and out, the players' relay. */
@Injectable()
export class TableService implements OnModuleInit, OnModuleDestroy {
  readonly runtime: GameRuntime<BlackjackTableState, BlackjackTableInput, BlackjackReply>;
  readonly relay: PlayerRelay;
  private readonly balances: BalanceLookup;
  private readonly logger = new Logger('TableService');
  private readonly configs = new Map<string, BlackjackTableConfig>();

  constructor(
    @Inject(BLACKJACK_CONFIG) readonly config: BlackjackServiceConfig,
    @Inject(STATE_STORE) private readonly store: StateStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(RANDOM_SOURCE) random: RandomSource | null,
    private readonly kafka: KafkaPort,
    broadcaster: SocketBroadcaster,
  ) {
    const source = random ?? cryptoRandom();
    for (const t of config.tables) this.configs.set(t.id, t);
    this.runtime = new GameRuntime(
      { publisher: kafka, store, clock, broadcaster, log: (m: string) => this.logger.warn(m) },
      config.tables.map((t) => ({ tableId: t.id, machine: new BlackjackTableMachine(t, source, clock) })),
    );
    this.relay = new PlayerRelay(broadcaster, (id) => this.runtime.owns(id));
    this.balances = new BalanceLookup(this.relay, config.LEDGER_URL);
  }

  async onModuleInit(): Promise<void> {
    await this.kafka.connect();
    await this.runtime.start();
    await this.kafka.consume(this.onEvent);
  }

  async onModuleDestroy(): Promise<void> {
    await this.runtime.stop();
    await this.kafka.stop();
    await this.store.close();
  }

  private readonly onEvent = async (event: CasinoEvent): Promise<void> => {
    this.relay.handle(event);
    await this.runtime.dispatchLedgerEvent(event);
  };

  tableConfig(tableId: string): BlackjackTableConfig | undefined {
    return this.configs.get(tableId);
  }

  /** The player's balance for a join snapshot (latest seen, else asked of the ledger), undefined if unknown. */
  balanceFor(player: PlayerClaims): Promise<bigint | undefined> {
    return this.balances.balanceFor(player);
  }
}
