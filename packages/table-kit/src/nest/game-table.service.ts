import { cryptoRandom, RandomSource } from '@casino/cards';
import { CasinoEvent, slipBetDecisions } from '@casino/events';
import { Inject, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { PlayerClaims } from '@casino/events';
import { PlayerIdentity } from '../players/player-key';
import { currencyLimits, TableCurrencies } from '../config/currency-profiles';
import { GameRuntime, LedgerInput } from '../host/game-runtime';
import { TableAvailability } from '../host/table-availability';
import { DEFAULT_HOST_POLICY, TableHostDeps } from '../host/table-host-deps';
import { TableMachine } from '../host/table-machine';
import { keyPartition } from '@casino/kafka';
import { KafkaPort, PartitionShare } from '../kafka/kafka-port';
import { tableObserver } from '../observability/table-observer';
import { BalanceLookup } from '../relay/balance-lookup';
import { OutboxRelay } from '../relay/outbox-relay';
import { PlayerRelay } from '../relay/player-relay';
import { PlayerSessions } from '../sessions/player-sessions';
import { StateStore } from '../state/state-store';
import { Clock } from '../timers/clock';
import { CLOCK, RANDOM_SOURCE, SERVICE_CONFIG, STATE_STORE } from './common-providers';
import { TableHealth } from './dependency-checks';
import { SocketBroadcaster } from './socket-broadcaster';
import { drainTables, flushOutbox } from './service-drain';

/** How long a draining instance spends sending its outbox before it leaves its tables. */
const DRAIN_OUTBOX_MS = 5_000;

/** What every game's table settings have. */
export interface ServiceTableConfig {
  id: string;
  currency: string;
  /** The other currencies the table takes, with their limit profiles (docs/ledger.md#currencies-per-table). */
  currencies?: TableCurrencies;
}

/** Who looks at a table: a player (their bets marked, their currency's limits shown), none when anonymous. */
export type TableViewer = PlayerIdentity & { currency?: string };

/** What the shared table service reads of a game service's configuration. */
export interface GameServiceConfig<C extends ServiceTableConfig> {
  tables: readonly C[];
  LEDGER_URL?: string;
  LEDGER_BACKOFFICE_TOKEN?: string;
  /** See commonEnvShape; absent, the host's default. */
  LEDGER_DECISION_TIMEOUT_MS?: number;
}

/** The part of a runtime the service drives (its share of the tables, stop, ledger events); any GameRuntime has it. */
export type LedgerRuntime = Pick<
  GameRuntime<unknown, unknown, unknown>,
  | 'owns'
  | 'runs'
  | 'tableIds'
  | 'runOnly'
  | 'stop'
  | 'dispatchLedgerEvent'
  | 'kafkaReachable'
  | 'availabilities'
  | 'beginMove'
  | 'awaitingDecisions'
  | 'settle'
>;

/** A table players can watch: its settings and its current public state as a player sees it. */
export interface WatchedTable<C extends ServiceTableConfig> {
  config: C;
  /** `viewer`: the player looking (their own bets and seats are marked), none for an anonymous view. */
  view(viewer?: TableViewer): object;
}

/**
 * Owns a game service's tables: the game builds its runtimes (`runtimeOf`, in field initializers); this wires
 * Kafka in and out, starts and stops the runtimes, relays settlements and balances to players, and answers
 * balance look-ups. Its ports are injected here, so the game's `@Injectable()` subclass needs no constructor.
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
  private readonly logger = new Logger('TableService');
  private readonly configs = new Map<string, C>();
  /** The tables of the latest share starting and stopping. */
  private sharing: Promise<void> = Promise.resolve();

  constructor(
    @Inject(SERVICE_CONFIG) readonly config: Cfg,
    @Inject(STATE_STORE) private readonly store: StateStore,
    @Inject(CLOCK) protected readonly clock: Clock,
    @Inject(RANDOM_SOURCE) random: RandomSource | null,
    private readonly kafka: KafkaPort,
    private readonly broadcaster: SocketBroadcaster,
    private readonly sessions: PlayerSessions,
    private readonly outbox: OutboxRelay,
  ) {
    this.random = random ?? cryptoRandom();
    for (const t of config.tables) this.configs.set(t.id, t);
    this.hostDeps = {
      store,
      clock,
      broadcaster,
      outbox,
      log: (m: string) => this.logger.warn(m),
      watcher: tableObserver,
      policy: {
        ...DEFAULT_HOST_POLICY,
        ledgerTimeoutMs: config.LEDGER_DECISION_TIMEOUT_MS ?? DEFAULT_HOST_POLICY.ledgerTimeoutMs,
      },
    };
    this.relay = new PlayerRelay(broadcaster, (id) => this.runtimes.some((r) => r.owns(id)));
  }

  /** The table players can join and watch, undefined when this service has no such table. */
  abstract watch(tableId: string): WatchedTable<C> | undefined;

  async onModuleInit(): Promise<void> {
    await this.kafka.connect();
    // Tables hold their next round while Kafka is unreachable; what waited in the outbox goes out first.
    this.outbox.onKafkaChange((reachable) => this.runtimes.forEach((r) => r.kafkaReachable(reachable)));
    await this.kafka.consume(this.onEvent, this.onShare);
    await this.sharing;
    // Every instance learns every revocation, those made before it started included (docs/services.md, "Sessions").
    await this.kafka.consumeWhole(['sessions'], this.onRevocation);
  }

  /**
   * A graceful stop drains (docs/services.md "Draining"): bets refused as `moving`, the decisions of the bets sent
   * awaited, the tables stopped, the outbox sent, then the group left (another instance takes the tables at once)
   * and the players' sockets closed so their clients reconnect.
   */
  async onModuleDestroy(): Promise<void> {
    const parts = { runtimes: this.runtimes, outbox: this.outbox, log: (m: string) => this.logger.log(m) };
    // A decision later than the ledger's timeout would have paused the table anyway.
    const decisionsMs = (this.hostDeps.policy ?? DEFAULT_HOST_POLICY).ledgerTimeoutMs;
    const policy = { decisionsMs, outboxMs: DRAIN_OUTBOX_MS };
    await drainTables(parts, policy);
    await Promise.all(this.runtimes.map((r) => r.stop()));
    await flushOutbox(parts, policy);
    await this.outbox.stop();
    await this.kafka.stop();
    this.broadcaster.reconnectAll();
    await this.store.close();
  }

  /**
   * Runs the tables whose key is in this instance's partitions (docs/services.md, "Tables shared by instances"),
   * called at every join of the group before any message of the new share is handed over.
   */
  private readonly onShare = (share: PartitionShare): void => {
    const mine = new Set(
      this.runtimes
        .flatMap((r) => r.tableIds)
        .filter((tableId) => share.partitions.has(keyPartition(tableId, share.count))),
    );
    this.logger.log(`running ${mine.size} table(s) here: partitions ${[...share.partitions].join(', ')}`);
    this.sharing = Promise.all(this.runtimes.map((r) => r.runOnly(mine))).then(() => this.outbox.wake());
    // The boot awaits the first share (a table that cannot start fails it); a later one is only reported.
    this.sharing.catch((err: Error) => this.logger.error(`ALERT table.not-started ${err.message}`));
  };

  private readonly onRevocation = (event: CasinoEvent): Promise<void> => {
    if (event.type === 'PlayerSessionRevoked' || event.type === 'OperatorSessionsRevoked')
      this.sessions.revoke(event);
    return Promise.resolve();
  };

  private readonly onEvent = async (event: CasinoEvent): Promise<void> => {
    // A bet slip's one answer (BetsDecided) is each of its bets' decision, in order, as if each came on its own.
    const events: CasinoEvent[] = event.type === 'BetsDecided' ? slipBetDecisions(event) : [event];
    for (const e of events) this.relay.handle(e);
    // Every runtime is called before any await: the event reaches its table's queue in the order of its batch.
    await Promise.all(events.flatMap((e) => this.runtimes.map((runtime) => runtime.dispatchLedgerEvent(e))));
  };

  /** A runtime of `tables` on the service's hosts, each table run by the machine `machineOf` makes for it. */
  protected runtimeOf<S, I, R>(
    tables: readonly C[],
    machineOf: (table: C) => TableMachine<S, I | LedgerInput, R>,
  ): GameRuntime<S, I, R> {
    return new GameRuntime(
      this.hostDeps,
      tables.map((t) => ({ tableId: t.id, machine: machineOf(t) })),
    );
  }

  /** A table of `runtime` as players watch it: its settings and the game's view of its state. */
  protected watchOn<S>(
    runtime: {
      host(tableId: string): { readonly state: S; readonly availability: TableAvailability } | undefined;
    },
    tableId: string,
    view: (state: S, config: C, viewer?: TableViewer) => object,
  ): WatchedTable<C> | undefined {
    const config = this.tableConfig(tableId);
    const host = runtime.host(tableId);
    // Players see whether the table is paused (and why) with its state.
    return (
      config &&
      host && {
        config,
        view: (viewer) => ({
          ...view(host.state, config, viewer),
          ...currencyLimits(config),
          ...host.availability,
        }),
      }
    );
  }

  /** The table runs on this instance (players see and join it here). */
  runsHere(tableId: string): boolean {
    return this.runtimes.some((r) => r.runs(tableId));
  }

  /** Every table's availability, for the health report. */
  tablesHealth(): TableHealth[] {
    return this.runtimes.flatMap((r) => r.availabilities());
  }

  /** How many players have the table open (sockets joined to it), for the lobby. */
  playersAt(tableId: string): number {
    return this.broadcaster.playersAt(tableId);
  }

  tableConfig(tableId: string): C | undefined {
    return this.configs.get(tableId);
  }

  /** The player's balance for a join snapshot (latest seen, else asked of the ledger), undefined if unknown. */
  balanceFor(player: PlayerClaims): Promise<bigint | undefined> {
    // The look-up reads and fills the cache of this player's wallet only (operator, player, currency).
    return new BalanceLookup(
      this.relay.scopedTo(player),
      this.config.LEDGER_URL,
      undefined,
      this.config.LEDGER_BACKOFFICE_TOKEN,
    ).balanceFor(player);
  }
}
