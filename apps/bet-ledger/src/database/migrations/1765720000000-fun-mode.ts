import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fun mode (docs/operator-integration.md#fun-mode): an operator's play money lives in a book of its own, an operator
 * row `fun:<operatorId>` flagged `fun`, created by the first fun launch. The checks keep it apart from real operators
 * whatever writes the table: a fun row and a `fun:` id go together (a real id never holds a colon), and a fun book is
 * always a transfer wallet, so no operator wallet is ever called for play money.
 */
export class FunMode1765720000000 implements MigrationInterface {
  name = 'FunMode1765720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger_operators
        ADD COLUMN fun boolean NOT NULL DEFAULT false,
        ADD CONSTRAINT ledger_operators_fun_id CHECK (fun = starts_with(operator_id, 'fun:')),
        ADD CONSTRAINT ledger_operators_fun_transfer CHECK (NOT fun OR wallet_mode = 'transfer')`);
  }

  async down(q: QueryRunner): Promise<void> {
    // Without the flag a play-money book would read as a real operator in the reports.
    const books = await q.query(`SELECT 1 FROM ledger_operators WHERE fun LIMIT 1`);
    if (books.length > 0) throw new Error('play-money books exist: the migration cannot be reverted');
    await q.query(`
      ALTER TABLE ledger_operators
        DROP CONSTRAINT ledger_operators_fun_transfer, DROP CONSTRAINT ledger_operators_fun_id, DROP COLUMN fun`);
  }
}
