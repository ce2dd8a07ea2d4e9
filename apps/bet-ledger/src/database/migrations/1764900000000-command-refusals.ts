import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bet and cancel commands the ledger refused before deciding them (no valid launch session of their player, or
 * sent on another game's topic): one row per command id, for the back office's alerts.
 */
export class CommandRefusals1764900000000 implements MigrationInterface {
  name = 'CommandRefusals1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_command_refusals (
        event_id text COLLATE "C" PRIMARY KEY,
        command_type text NOT NULL,
        topic text NOT NULL,
        table_id text NOT NULL,
        round_id text NOT NULL,
        operator_id text NOT NULL,
        player_id text NOT NULL,
        code text NOT NULL,
        message text NOT NULL,
        refused_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_command_refusals_at ON ledger_command_refusals (refused_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_command_refusals`);
  }
}
