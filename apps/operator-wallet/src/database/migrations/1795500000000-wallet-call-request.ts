import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each call as the platform sent it (its JSON), beside the answer: what an operator books, such as a version 2
 * call's bets, their descriptions and the round's closing flag (docs/operator-integration.md#seamless-wallet-versions).
 */
export class WalletCallRequest1795500000000 implements MigrationInterface {
  name = 'WalletCallRequest1795500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_transactions ADD COLUMN request jsonb NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_transactions DROP COLUMN request`);
  }
}
