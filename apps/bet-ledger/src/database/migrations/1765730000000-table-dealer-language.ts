import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The language a catalogue table's dealer speaks (a BCP 47 tag such as `en` or `pt-BR`), shown to operators in the
 * signed catalogue (docs/operator-integration.md#catalogue); null for a table whose dealer does not speak (an
 * automatic table) or whose language is not set.
 */
export class TableDealerLanguage1765730000000 implements MigrationInterface {
  name = 'TableDealerLanguage1765730000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_tables ADD COLUMN dealer_language text
         CHECK (dealer_language ~ '^[a-z]{2,3}(-[A-Z]{2})?$')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_tables DROP COLUMN dealer_language`);
  }
}
