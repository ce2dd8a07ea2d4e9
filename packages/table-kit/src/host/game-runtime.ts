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
import { TableHost, TableHostDeps } from './table-host';
import { TableMachine } from './table-machine';
import { tableObserver } from './table-observer';

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
 * A set of tables of one kind in one service instance: a host per table, and ledger events routed to the table
 * they name (events of tables this instance does not own are ignored).
 */
export class GameRuntime<S, I, R> {
  readonly hosts = new Map<string, TableHost<S, I | LedgerInput, R>>();

  constructor(
    private readonly deps: TableHostDeps,
    tables: readonly RuntimeTable<S, I | LedgerInput, R>[],
  ) {
    for (const t of tables) this.hosts.set(t.tableId, new TableHost(t.tableId, t.machine, deps));
  }

  host(tableId: string): TableHost<S, I | LedgerInput, R> | undefined {
    return this.hosts.get(tableId);
  }

  owns(tableId: string): boolean {
    return this.hosts.has(hostTableId(tableId));
  }

  async start(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((h) => h.start()));
  }

  /** Routes a ledger event to its table; true when a table of this runtime took it. */
  async dispatchLedgerEvent(event: CasinoEvent): Promise<boolean> {
    const input = ledgerInputOf(event);
    if (!input) return false;
    const host = this.hosts.get(hostTableId(input.event.tableId));
    if (!host) return false;
    tableObserver.fromLedger(event, this.deps.clock.now());
    await host.dispatchFromLedger(event, input);
    return true;
  }

  /** Each table's availability (running, or paused and why). */
  availabilities(): { tableId: string; availability: TableAvailability }[] {
    return [...this.hosts.values()].map((h) => ({ tableId: h.tableId, availability: h.availability }));
  }

  /** Kafka's reachability, for every table (none opens a round while it is down). */
  kafkaReachable(reachable: boolean): void {
    for (const host of this.hosts.values()) host.kafkaReachable(reachable);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.hosts.values()].map((h) => h.stop()));
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
