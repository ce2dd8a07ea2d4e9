import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The public key of the studio that reports a live table's results (docs/kafka-security.md#signed-live-results):
 * on a table with one, a game service's RoundResult settles only with the studio's signature of it.
 */
export class TableResultKeys1764990000000 implements MigrationInterface {
  name = 'TableResultKeys1764990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_table_result_keys (
        table_id text COLLATE "C" PRIMARY KEY,
        public_key text NOT NULL,
        set_by text NOT NULL,
        reason text NOT NULL,
        set_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_table_result_keys`);
  }
}
