import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who draws a catalogue table's results (docs/kafka-security.md#signed-live-results): `studio`, a live dealer whose
 * results the studio signs, or `auto`, the game service's own automatic dealer (RNG, automatic shoe or wheel).
 * With LEDGER_LIVE_RESULTS=signed a studio table's result settles only when signed by its registered key. Tables
 * already in the catalogue become studio tables: a table is declared automatic on purpose, never by default.
 */
export class TableDealer1765500000000 implements MigrationInterface {
  name = 'TableDealer1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_tables ADD COLUMN dealer text NOT NULL DEFAULT 'studio'
         CHECK (dealer IN ('studio', 'auto'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_tables DROP COLUMN dealer`);
  }
}
