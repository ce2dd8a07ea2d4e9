import { GameMigration } from './game-migration';

/**
 * Table snapshots (a base row, a live round's bets a row each) and the outbox of their events, as the first
 * version had them: a snapshot per instance and table (1764900000002-table-leases makes it one per table).
 * IF NOT EXISTS because a database from before the migrations table already holds them: this step adopts it.
 */
export const GameTables1764900000000: GameMigration = {
  name: '1764900000000-game-tables',
  up: [
    `CREATE TABLE IF NOT EXISTS game_table_snapshots (
       instance text NOT NULL,
       table_id text NOT NULL,
       snapshot text NOT NULL,
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (instance, table_id))`,
    `CREATE TABLE IF NOT EXISTS game_table_snapshot_rows (
       table_id text NOT NULL,
       idx integer NOT NULL,
       row text NOT NULL,
       PRIMARY KEY (table_id, idx))`,
    `CREATE TABLE IF NOT EXISTS game_table_outbox (
       seq bigserial PRIMARY KEY,
       instance text NOT NULL,
       table_id text NOT NULL,
       event_id text NOT NULL UNIQUE,
       event text NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       sent_at timestamptz)`,
    `CREATE INDEX IF NOT EXISTS game_table_outbox_unsent ON game_table_outbox (instance, seq)
       WHERE sent_at IS NULL`,
  ],
  down: [
    'DROP TABLE game_table_outbox',
    'DROP TABLE game_table_snapshot_rows',
    'DROP TABLE game_table_snapshots',
  ],
};
