import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per player, bumped by every write to the player or its transactions: a money call reads without
 * locking and writes only if the version it read is still there (one statement, no transaction block).
 */
export class WalletPlayerVersion1795400000000 implements MigrationInterface {
  name = 'WalletPlayerVersion1795400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_players ADD COLUMN version bigint NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_players DROP COLUMN version`);
  }
}
