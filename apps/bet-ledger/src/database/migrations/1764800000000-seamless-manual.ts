import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A failed seamless call resolved by hand in the back office: state `manual`, with who resolved it and why (the
 * audit log holds the same, with the staff member's role).
 */
export class SeamlessManual1764800000000 implements MigrationInterface {
  name = 'SeamlessManual1764800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_seamless_calls DROP CONSTRAINT ledger_seamless_calls_state_check`);
    await q.query(`
      ALTER TABLE ledger_seamless_calls ADD CONSTRAINT ledger_seamless_calls_state_check
        CHECK (state IN ('pending', 'confirmed', 'failed', 'manual'))`);
    await q.query(
      `ALTER TABLE ledger_seamless_calls ADD COLUMN resolved_by text NULL, ADD COLUMN resolution text NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    // A call resolved by hand was booked as confirmed: that is what it becomes without the state.
    await q.query(`UPDATE ledger_seamless_calls SET state = 'confirmed' WHERE state = 'manual'`);
    await q.query(`ALTER TABLE ledger_seamless_calls DROP COLUMN resolved_by, DROP COLUMN resolution`);
    await q.query(`ALTER TABLE ledger_seamless_calls DROP CONSTRAINT ledger_seamless_calls_state_check`);
    await q.query(`
      ALTER TABLE ledger_seamless_calls ADD CONSTRAINT ledger_seamless_calls_state_check
        CHECK (state IN ('pending', 'confirmed', 'failed'))`);
  }
}
