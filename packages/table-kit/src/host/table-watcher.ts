import { CasinoEvent } from '@casino/events';

/**
 * What the service's metrics and logs are told of its tables (the observability adapter, TableObserver, implements
 * it): the events each step committed, and the ledger's events for a table of this service.
 */
export interface TableWatcher {
  /** A step's events, committed (state store + outbox) at `now`. */
  committed(events: readonly CasinoEvent[], now: number): void;
  /** An event from the ledger for one of this service's tables, at `now`. */
  fromLedger(event: CasinoEvent, now: number): void;
}
