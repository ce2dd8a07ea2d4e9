import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbox rows the broker refused for good are parked in place: when and why. The relay skips a parked row and the
 * later rows of its key; a partial index finds the (few) parked keys without scanning the outbox.
 */
export class OutboxParking1764500000000 implements MigrationInterface {
  name = 'OutboxParking1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_outbox ADD COLUMN parked_at timestamptz NULL, ADD COLUMN park_error text NULL`,
    );
    await q.query(`CREATE INDEX ledger_outbox_parked ON ledger_outbox (key) WHERE parked_at IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_outbox_parked`);
    await q.query(`ALTER TABLE ledger_outbox DROP COLUMN park_error, DROP COLUMN parked_at`);
  }
}
