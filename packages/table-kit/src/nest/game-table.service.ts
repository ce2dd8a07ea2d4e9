import { cryptoRandom, RandomSource } from '@casino/cards';
import { CasinoEvent } from '@casino/events';
import { Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PlayerClaims } from '../auth/player-token';
import { GameRuntime } from '../host/game-runtime';
import { TableHostDeps } from '../host/table-host';
import { KafkaPort } from '../kafka/kafka-port';
import { BalanceLookup } from '../relay/balance-lookup';
import { PlayerRelay } from '../relay/player-relay';
import { StateStore } from '../state/state-store';
import { Clock } from '../timers/clock';
import { SocketBroadcaster } from './socket-broadcaster';

/** What every game's table settings have. */
export interface ServiceTableConfig {
  id: string;
  currency: string;
}

/** What the shared table service reads of a game service's configuration. */
export interface GameServiceConfig<C extends ServiceTableConfig> {
  tables: readonly C[];
  LEDGER_URL?: string;
}

/** The part of a runtime the service drives (start, stop, ledger events); any GameRuntime has it. */
export type LedgerRuntime = Pick<
  GameRuntime<unknown, unknown, unknown>,
  'owns' | 'start' | 'stop' | 'dispatchLedgerEvent'
>;

/** A table players can watch: its settings and its current public state as a player sees it. */
export interface WatchedTable<C extends ServiceTableConfig> {
  config: C;
  view(playerId?: string): object;
}

/**
 * Owns a game service's tables: the game builds its runtimes on `hostDeps`; this wires Kafka in and out, starts
 * and stops the runtimes, relays settlements and balances to players, and answers balance look-ups.
 */
export abstract class GameTableService<Cfg extends GameServiceConfig<C>, C extends ServiceTableConfig>
  implements OnModuleInit, OnModuleDestroy
{
  readonly relay: PlayerRelay;
  /** What every table host of the service runs on. */
  protected readonly hostDeps: TableHostDeps;
  /** The injected source (tests: seeded), else the CSPRNG. */
  protected readonly random: RandomSource;
  /** The service's runtimes, in the order a ledger event is offered to them. */
  protected abstract readonly runtimes: readonly LedgerRuntime[];
  private readonly balances: BalanceLookup;
  private readonly logger = new Logger('TableService');
  private readonly configs = new Map<string, C>();

  protected constructor(
    readonly config: Cfg,
    private readonly store: StateStore,
    clock: Clock,
    random: RandomSource | null,
    private readonly kafka: KafkaPort,
    broadcaster: SocketBroadcaster,
  ) {
    this.random = random ?? cryptoRandom();
    for (const t of config.tables) this.configs.set(t.id, t);
    this.hostDeps = { publisher: kafka, store, clock, broadcaster, log: (m: string) => this.logger.warn(m) };
    this.relay = new PlayerRelay(broadcaster, (id) => this.runtimes.some((r) => r.owns(id)));
    this.balances = new BalanceLookup(this.relay, config.LEDGER_URL);
  }

  /** The table players can join and watch, undefined when this service has no such table. */
  abstract watch(tableId: string): WatchedTable<C> | undefined;

  async onModuleInit(): Promise<void> {
    await this.kafka.connect();
    await Promise.all(this.runtimes.map((r) => r.start()));
    await this.kafka.consume(this.onEvent);
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all(this.runtimes.map((r) => r.stop()));
    await this.kafka.stop();
    await this.store.close();
  }

  private readonly onEvent = async (event: CasinoEvent): Promise<void> => {
    this.relay.handle(event);
    for (const runtime of this.runtimes) if (await runtime.dispatchLedgerEvent(event)) return;
  };

  tableConfig(tableId: string): C | undefined {
    return this.configs.get(tableId);
  }

  /** The player's balance for a join snapshot (latest seen, else asked of the ledger), undefined if unknown. */
  balanceFor(player: PlayerClaims): Promise<bigint | undefined> {
    return this.balances.balanceFor(player);
  }
}
