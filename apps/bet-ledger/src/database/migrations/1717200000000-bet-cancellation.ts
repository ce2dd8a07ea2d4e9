import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A bet withdrawn while betting was open keeps its row (the record of the round) and is marked cancelled: it no
 * longer counts for restrictions, final bets or settlement. Nullable columns without a default: adding them
 * rewrites nothing.
 */
export class BetCancellation1717200000000 implements MigrationInterface {
  name = 'BetCancellation1717200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger_bets
        ADD COLUMN cancelled_at timestamptz NULL,
        ADD COLUMN cancel_command_id text COLLATE "C" NULL,
        ADD CONSTRAINT ledger_bets_cancel_consistent CHECK ((cancelled_at IS NULL) = (cancel_command_id IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger_bets
        DROP CONSTRAINT ledger_bets_cancel_consistent,
        DROP COLUMN cancel_command_id,
        DROP COLUMN cancelled_at`);
  }
}
