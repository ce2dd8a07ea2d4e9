import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The signed catalogue lists each table's last settled rounds (an index that reads a few rows per table), and a
 * launch keeps its options (docs/operator-integration.md#launch-options): where the client sends the player
 * back and to deposit, the player's country and device.
 */
export class OperatorCatalogueLaunch1764960000000 implements MigrationInterface {
  name = 'OperatorCatalogueLaunch1764960000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ledger_rounds_settled_recent ON ledger_rounds (table_id, finished_at DESC)
       WHERE status = 'settled'`,
    );
    await q.query(`
      ALTER TABLE ledger_player_sessions
        ADD COLUMN lobby_url text,
        ADD COLUMN cashier_url text,
        ADD COLUMN country char(2),
        ADD COLUMN device text CHECK (device IN ('desktop', 'mobile', 'tablet'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger_player_sessions
        DROP COLUMN lobby_url, DROP COLUMN cashier_url, DROP COLUMN country, DROP COLUMN device`);
    await q.query(`DROP INDEX ledger_rounds_settled_recent`);
  }
}
