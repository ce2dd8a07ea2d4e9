import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The player's own session-time limit (docs/rules/restrictions.md#session-time-limit): a launch session keeps the
 * minutes the player allowed it, and bets placed after its start plus those minutes are refused.
 */
export class SessionTimeLimit1765400000000 implements MigrationInterface {
  name = 'SessionTimeLimit1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_player_sessions ADD COLUMN time_limit_minutes integer NULL
         CHECK (time_limit_minutes BETWEEN 1 AND 1440)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_player_sessions DROP COLUMN time_limit_minutes`);
  }
}
