import {
  BetDecision,
  BetsFinalizedEvent,
  CancelDecision,
  CasinoEvent,
  RoundRefundedEvent,
  RoundSettledEvent,
} from '@casino/events';
import { createHash } from 'node:crypto';
import { PlayerIdentity, playerKey } from '../players/player-key';
import { TableHost, TableHostDeps } from './table-host';
import { TableMachine } from './table-machine';

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
 * Sessions of a single-player table run as virtual tables `<tableId>~<playerKey>` towards the ledger (each has
 * its own rounds and table-wide limits); their events route back to the table's host. The key names operator
 * and player (two operators' player "42" have two sessions); a key too long for an id (128) is hashed.
 */
export const SESSION_SEPARATOR = '~';

export function sessionTableId(tableId: string, player: PlayerIdentity): string {
  const id = `${tableId}${SESSION_SEPARATOR}${playerKey(player)}`;
  if (id.length <= 128) return id;
  const digest = createHash('sha256').update(playerKey(player)).digest('base64url');
  return `${tableId}${SESSION_SEPARATOR}#${digest}`;
}

export function hostTableId(tableId: string): string {
  const at = tableId.indexOf(SESSION_SEPARATOR);
  return at < 0 ? tableId : tableId.slice(0, at);
}

/**
 * A set of tables of one kind in one service instance: a host per table, and ledger events routed to the table
 * they name (events of tables this instance does not own are ignored).
 */
export class GameRuntime<S, I, R> {
  readonly hosts = new Map<string, TableHost<S, I | LedgerInput, R>>();

  constructor(deps: TableHostDeps, tables: readonly RuntimeTable<S, I | LedgerInput, R>[]) {
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
    await host.dispatch(input);
    return true;
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
