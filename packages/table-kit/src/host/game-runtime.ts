import {
  BetDecision,
  BetsFinalizedEvent,
  CancelDecision,
  CasinoEvent,
  RoundRefundedEvent,
  RoundSettledEvent,
} from '@casino/events';
import { hostTableId } from './session-table-id';
import { TableAvailability } from './table-availability';
import { TableHost } from './table-host';
import { TableHostDeps } from './table-host-deps';
import { TableMachine } from './table-machine';

export { hostTableId, SESSION_SEPARATOR, sessionTableId } from './session-table-id';

/** What the ledger tells a table; every game machine's input union includes these. */
export type LedgerInput =
  | { kind: 'decision'; event: BetDecision }
  | { kind: 'cancelDecision'; event: CancelDecision }
  | { kind: 'finalBets'; event: BetsFinalizedEvent }
  | { kind: 'settled'; event: RoundSettledEvent | RoundRefundedEvent };

export interface RuntimeTable<S, I, R> {
  tableId: string;
  machine: TableMachine<S, I, R>;
}

/**
 * A set of tables of one kind in one service instance: a host per table this instance runs (`runOnly` says which,
 * as the instance's share of the tables changes), and ledger events routed to the table they name (events of
 * tables this instance does not run are ignored).
 */
export class GameRuntime<S, I, R> {
  readonly hosts = new Map<string, TableHost<S, I | LedgerInput, R>>();
  private readonly machines = new Map<string, TableMachine<S, I | LedgerInput, R>>();
  private readonly hostDeps: TableHostDeps;
  /** Hosts stopping, by table: a new host of the table claims it only after. */
  private readonly stopping = new Map<string, Promise<void>>();
  /** Kafka as last reported: a table started meanwhile learns it too. */
  private kafkaReachableNow = true;

  constructor(deps: TableHostDeps, tables: readonly RuntimeTable<S, I | LedgerInput, R>[]) {
    this.hostDeps = { ...deps, leaseLost: (tableId) => void this.stopHost(tableId) };
    for (const t of tables) this.machines.set(t.tableId, t.machine);
  }

  /** Every table of this runtime, run here or not. */
  get tableIds(): string[] {
    return [...this.machines.keys()];
  }

  /** The table's host once it has started here (a table starting, or run elsewhere, has none yet). */
  host(tableId: string): TableHost<S, I | LedgerInput, R> | undefined {
    const host = this.hosts.get(tableId);
    return host?.started ? host : undefined;
  }

  /** The table (or a session of it) is started here, or starting: its ledger events are taken. */
  owns(tableId: string): boolean {
    return this.hosts.has(hostTableId(tableId));
  }

  /** The table (or a session of it) runs here: started, so players can see and join it. */
  runs(tableId: string): boolean {
    return this.host(hostTableId(tableId)) !== undefined;
  }

  /**
   * Runs exactly the runtime's tables among `tableIds`: those no longer in it stop, the new ones are claimed and
   * resumed from their snapshots. Hosts are added and removed at once, so the ledger events that follow reach the
   * new set (a new table's events wait behind its start); resolves once every change is done, rejects when a table
   * could not start (its saved state cannot be opened).
   */
  async runOnly(tableIds: ReadonlySet<string>): Promise<void> {
    const stopping = [...this.hosts.keys()].filter((id) => !tableIds.has(id)).map((id) => this.stopHost(id));
    const starting: Promise<void>[] = [];
    for (const [tableId, machine] of this.machines) {
      if (!tableIds.has(tableId) || this.hosts.has(tableId)) continue;
      const host = new TableHost(tableId, machine, this.hostDeps);
      this.hosts.set(tableId, host);
      if (!this.kafkaReachableNow) host.kafkaReachable(false);
      starting.push(
        host.start(this.stopping.get(tableId)).catch((err: Error) => {
          if (this.hosts.get(tableId) !== host) return; // stopped while it started
          // Its state cannot be read: the table does not run here (nor do its ledger events wait for it).
          this.hosts.delete(tableId);
          throw new Error(`table ${tableId} not started: ${err.message}`);
        }),
      );
    }
    await Promise.all([...stopping, ...starting]);
  }

  /** Routes a ledger event to its table; true when a table of this runtime took it. */
  async dispatchLedgerEvent(event: CasinoEvent): Promise<boolean> {
    const input = ledgerInputOf(event);
    if (!input) return false;
    const host = this.hosts.get(hostTableId(input.event.tableId));
    if (!host) return false;
    this.hostDeps.watcher?.fromLedger(event, this.hostDeps.clock.now());
    await host.dispatchFromLedger(event, input);
    return true;
  }

  /** Each table's availability (running, or paused and why). */
  availabilities(): { tableId: string; availability: TableAvailability }[] {
    return [...this.hosts.values()].map((h) => ({ tableId: h.tableId, availability: h.availability }));
  }

  /** Kafka's reachability, for every table (none opens a round while it is down). */
  kafkaReachable(reachable: boolean): void {
    this.kafkaReachableNow = reachable;
    for (const host of this.hosts.values()) host.kafkaReachable(reachable);
  }

  /** Every table is moving away (the instance drains): bets refused, no new round opened here. */
  beginMove(): void {
    for (const host of this.hosts.values()) host.beginMove();
  }

  /** Resolves once every table has applied the inputs already queued (bets taken before the move). */
  async settle(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((h) => h.settle()));
  }

  /** Bet commands of this runtime's tables that wait for the ledger's decision. */
  awaitingDecisions(): number {
    let n = 0;
    for (const host of this.hosts.values()) n += host.awaitingDecisions;
    return n;
  }

  /** Stops every table; their leases stay (the next start here, or another instance, takes them). */
  async stop(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((h) => h.stop()));
  }

  /** Stops running a table here: its host stops, and the store stops relaying and saving for it. */
  private stopHost(tableId: string): Promise<void> {
    const host = this.hosts.get(tableId);
    if (!host) return Promise.resolve();
    this.hosts.delete(tableId);
    const stopped = host.stop().then(() => {
      if (this.stopping.get(tableId) === stopped) this.stopping.delete(tableId);
      if (!this.hosts.has(tableId)) {
        this.hostDeps.store.release(tableId);
        // Its players reconnect and find it where it runs now, instead of watching a table that no longer moves.
        this.hostDeps.broadcaster.tableLeft?.(tableId);
      }
    });
    this.stopping.set(tableId, stopped);
    return stopped;
  }
}

export function ledgerInputOf(event: CasinoEvent): LedgerInput | undefined {
  switch (event.type) {
    case 'BetAccepted':
    case 'BetRejected':
      return { kind: 'decision', event };
    case 'BetCancelled':
    case 'BetCancelRejected':
      return { kind: 'cancelDecision', event };
    case 'BetsFinalized':
      return { kind: 'finalBets', event };
    case 'RoundSettled':
    case 'RoundRefunded':
      return { kind: 'settled', event };
    default:
      return undefined;
  }
}
