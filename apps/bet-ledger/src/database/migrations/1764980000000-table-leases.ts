import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table lease each round was opened under (the game service instance and its fencing epoch, from the round's
 * RoundOpened), and per table the newest lease the ledger has admitted a round under: a round opened under an
 * older epoch is refused LEASE_STALE (docs/kafka-security.md#who-runs-a-table-the-table-lease).
 */
export class TableLeases1764980000000 implements MigrationInterface {
  name = 'TableLeases1764980000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_rounds ADD COLUMN lease_holder text, ADD COLUMN lease_epoch bigint`);
    await q.query(`
      CREATE TABLE ledger_table_leases (
        table_id text COLLATE "C" PRIMARY KEY,
        holder text NOT NULL,
        epoch bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_table_leases`);
    await q.query(`ALTER TABLE ledger_rounds DROP COLUMN lease_holder, DROP COLUMN lease_epoch`);
  }
}
