import { GameMigration } from './game-migration';

/** Events Kafka refused for good are parked in place (when and why); a partial index finds the tables with one. */
export const OutboxParking1764900000001: GameMigration = {
  name: '1764900000001-outbox-parking',
  // IF NOT EXISTS: a database from before the migrations table may have the columns already (see game-tables).
  up: [
    `ALTER TABLE game_table_outbox ADD COLUMN IF NOT EXISTS parked_at timestamptz,
       ADD COLUMN IF NOT EXISTS park_error text`,
    `CREATE INDEX IF NOT EXISTS game_table_outbox_parked ON game_table_outbox (table_id)
       WHERE parked_at IS NOT NULL`,
  ],
  down: [
    'DROP INDEX game_table_outbox_parked',
    'ALTER TABLE game_table_outbox DROP COLUMN park_error, DROP COLUMN parked_at',
  ],
};
