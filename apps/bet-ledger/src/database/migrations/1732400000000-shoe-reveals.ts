import { MigrationInterface, QueryRunner } from 'typeorm';

/** Revealed shoes and what the ledger's audit of each found (ShoeRevealed). */
export class ShoeReveals1732400000000 implements MigrationInterface {
  name = 'ShoeReveals1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_shoe_reveals (
        table_id text COLLATE "C" NOT NULL,
        shoe_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        commitment jsonb NOT NULL,
        reveal jsonb NOT NULL,
        rounds_dealt integer NOT NULL,
        rounds_checked integer NOT NULL,
        cards_matched integer NOT NULL,
        cards_skipped integer NOT NULL,
        problem_code text NULL,
        problem text NULL,
        revealed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (table_id, shoe_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_shoe_reveals`);
  }
}
