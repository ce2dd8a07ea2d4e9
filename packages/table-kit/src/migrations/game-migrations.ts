import { GameTables1764900000000 } from './1764900000000-game-tables';
import { OutboxParking1764900000001 } from './1764900000001-outbox-parking';
import { TableLeases1764900000002 } from './1764900000002-table-leases';
import { DealerAccounts1764900000003 } from './1764900000003-dealer-accounts';
import { GameMigration } from './game-migration';

/** A game service's schema, oldest first: a new step is a new timestamped file appended here. */
export const GAME_MIGRATIONS: readonly GameMigration[] = [
  GameTables1764900000000,
  OutboxParking1764900000001,
  TableLeases1764900000002,
  DealerAccounts1764900000003,
];
