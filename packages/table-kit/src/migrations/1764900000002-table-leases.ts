import { GameMigration } from './game-migration';

/**
 * Tables shared by instances (docs/services.md, "Tables shared by instances"): one snapshot per table whoever saved
 * it, and a lease per table whose epoch fences every earlier owner's commits. `up` also upgrades a database of
 * per-instance snapshots (the newest row of a table is kept); `down` goes back to them (a snapshot saved with its
 * bets apart, in game_table_snapshot_rows, loads only with this version).
 */
export const TableLeases1764900000002: GameMigration = {
  name: '1764900000002-table-leases',
  up: [
    `CREATE TABLE IF NOT EXISTS game_table_leases (
       table_id text PRIMARY KEY,
       owner text NOT NULL,
       epoch bigint NOT NULL,
       acquired_at timestamptz NOT NULL DEFAULT now())`,
    `DO $$ BEGIN
       IF EXISTS (SELECT 1 FROM information_schema.columns
                  WHERE table_schema = current_schema() AND table_name = 'game_table_snapshots'
                    AND column_name = 'instance') THEN
         DELETE FROM game_table_snapshots s USING game_table_snapshots n
           WHERE s.table_id = n.table_id AND (s.updated_at, s.instance) < (n.updated_at, n.instance);
         ALTER TABLE game_table_snapshots DROP CONSTRAINT game_table_snapshots_pkey;
         ALTER TABLE game_table_snapshots RENAME COLUMN instance TO saved_by;
         ALTER TABLE game_table_snapshots ADD PRIMARY KEY (table_id);
       END IF;
     END $$`,
    'DROP INDEX IF EXISTS game_table_outbox_unsent',
    `CREATE INDEX IF NOT EXISTS game_table_outbox_unsent_by_table ON game_table_outbox (table_id, seq)
       WHERE sent_at IS NULL`,
  ],
  down: [
    'DROP INDEX game_table_outbox_unsent_by_table',
    'CREATE INDEX game_table_outbox_unsent ON game_table_outbox (instance, seq) WHERE sent_at IS NULL',
    'ALTER TABLE game_table_snapshots DROP CONSTRAINT game_table_snapshots_pkey',
    'ALTER TABLE game_table_snapshots RENAME COLUMN saved_by TO instance',
    'ALTER TABLE game_table_snapshots ADD PRIMARY KEY (instance, table_id)',
    'DROP TABLE game_table_leases',
  ],
};
