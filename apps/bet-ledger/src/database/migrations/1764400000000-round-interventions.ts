import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The back office's exits for disputed and stuck rounds (void, resubmit), each audited: who, when, why, and the
 * round's status before and after. A partial index finds the rounds that may need one without scanning the
 * finished ones.
 */
export class RoundInterventions1764400000000 implements MigrationInterface {
  name = 'RoundInterventions1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_round_interventions (
        id text COLLATE "C" PRIMARY KEY,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        action text NOT NULL CHECK (action IN ('void', 'resubmit')),
        actor text NOT NULL,
        reason text NOT NULL,
        status_before text NOT NULL,
        status_after text NOT NULL,
        problem_before text NULL,
        result jsonb NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_round_interventions_round ON ledger_round_interventions (table_id, round_id)`,
    );
    await q.query(`
      CREATE INDEX ledger_rounds_unfinished ON ledger_rounds (table_id, round_id)
      WHERE status IN ('open', 'closed', 'disputed')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_rounds_unfinished`);
    await q.query(`DROP TABLE ledger_round_interventions`);
  }
}
