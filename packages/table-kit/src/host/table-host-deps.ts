import type { TableMessageName } from '@casino/player-protocol';
import { StateStore } from '../state/state-store';
import { Backoff } from '../timers/backoff';
import { Clock } from '../timers/clock';
import { TableWatcher } from './table-watcher';

/**
 * Where the host delivers messages for players (the WebSocket gateway implements it). The names are the player
 * protocol's; their payloads are typed where they are built (`Effects`, the relay).
 */
export interface Broadcaster {
  toTable(tableId: string, name: TableMessageName, payload: object): void;
  /** `player` is a player key (`playerKey`). */
  toPlayer(player: string, name: TableMessageName, payload: object): void;
  /**
   * The table stopped running here (moved to another instance, or its lease taken over): its players' connections
   * are closed at the transport, so their clients reconnect and join it wherever it runs now
   * (docs/websocket-api.md#a-table-moving-to-another-instance).
   */
  tableLeft?(tableId: string): void;
}

/** How a host rides out its dependencies' failures. */
export interface TableHostPolicy {
  /** Waits between attempts to save a step. */
  saveRetry: Backoff;
  /**
   * A bet command unanswered this long, with the ledger silent as long, means the ledger is unreachable. A
   * ledger still answering is waited for at a round's close up to CLOSE_WAIT_TIMEOUTS times this.
   */
  ledgerTimeoutMs: number;
  /**
   * A player's input whose save fails, or is not done after this long, is answered TABLE_PAUSED at once and the
   * table pauses for the database (TableHost.dispatchFailFast); default DEFAULT_SAVE_FAIL_FAST_MS.
   */
  saveFailFastMs?: number;
}

export const DEFAULT_SAVE_FAIL_FAST_MS = 2_000;

export const DEFAULT_HOST_POLICY: TableHostPolicy = {
  saveRetry: { initialMs: 100, maxMs: 2_000 },
  ledgerTimeoutMs: 5_000,
  saveFailFastMs: DEFAULT_SAVE_FAIL_FAST_MS,
};

/** The relay as a host sees it. */
export interface OutboxPort {
  wake(): void;
  onPublished(listener: (entries: readonly { tableId: string; eventId: string }[]) => void): () => void;
}

export interface TableHostDeps {
  /** Snapshots and the outbox: a step's state and events are committed together. */
  store: StateStore;
  clock: Clock;
  broadcaster: Broadcaster;
  log: (message: string) => void;
  /** Told when a step committed events; tells which events Kafka took (the relay publishes the outbox). */
  outbox?: OutboxPort;
  policy?: TableHostPolicy;
  /** Another instance has taken the table over: this host stops (see StateStore.claim). */
  leaseLost?(tableId: string): void;
  /** The service's metrics and logs of its tables (none in unit tests). */
  watcher?: TableWatcher;
}
