import { DataSource } from 'typeorm';
import { LedgerLog } from '../observability/ledger-log';

/** The parts of node-postgres' pool (TypeORM's PostgresDriver.master) this touches. */
interface ErrorEmitter {
  on(event: 'error', listener: (err: Error) => void): unknown;
}
interface PgPool {
  on(event: 'connect', listener: (client: ErrorEmitter) => void): unknown;
  _clients?: ErrorEmitter[];
}

/**
 * Gives every connection of the ledger's pool an 'error' listener for its whole life. A terminated backend
 * (pg_terminate_backend, a restart, a failover) sends its error to every connection; node-postgres emits it on
 * the client, and a client with no listener at that moment ends the process with an unhandled 'error' event
 * (seen when every session is killed over and over: test/transient-faults.spec.ts). The transaction that used it
 * fails and is retried like any transient failure; this only keeps the process alive and says what happened.
 */
export function guardPoolClients(dataSource: DataSource, log: LedgerLog): void {
  const pool = (dataSource.driver as unknown as { master?: PgPool }).master;
  if (!pool) return;
  const guard = (client: ErrorEmitter) =>
    client.on('error', (err) => log.warn(`database connection lost: ${err.message}`));
  // Connections opened before this ran (TypeORM opens one at initialize); `_clients` is the pool's own list.
  for (const client of pool._clients ?? []) guard(client);
  pool.on('connect', guard);
}
