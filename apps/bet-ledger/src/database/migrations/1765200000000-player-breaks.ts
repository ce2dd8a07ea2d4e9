import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible gambling the player sees (docs/rules/restrictions.md#cooling-off): a cooling-off is a row of
 * ledger_gambling_limits of kind `cooling_off` whose amount is the end of the break (Unix ms), read with the bet
 * context like the other limits; a launch session keeps the operator's reality-check interval for the player's
 * jurisdiction and whether the player may set their own limits.
 */
export class PlayerBreaks1765200000000 implements MigrationInterface {
  name = 'PlayerBreaks1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_gambling_limits DROP CONSTRAINT IF EXISTS ledger_gambling_limits_kind_check`,
    );
    await q.query(
      `ALTER TABLE ledger_gambling_limits ADD CONSTRAINT ledger_gambling_limits_kind_check
         CHECK (kind IN ('daily_wager', 'weekly_wager', 'daily_loss', 'weekly_loss', 'max_stake', 'cooling_off'))`,
    );
    await q.query(
      `ALTER TABLE ledger_player_sessions
         ADD COLUMN reality_check_minutes integer NULL CHECK (reality_check_minutes BETWEEN 1 AND 1440),
         ADD COLUMN player_limits boolean NOT NULL DEFAULT false`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE ledger_player_sessions DROP COLUMN reality_check_minutes, DROP COLUMN player_limits`,
    );
    await q.query(`DELETE FROM ledger_gambling_limits WHERE kind = 'cooling_off'`);
    await q.query(`ALTER TABLE ledger_gambling_limits DROP CONSTRAINT ledger_gambling_limits_kind_check`);
    await q.query(
      `ALTER TABLE ledger_gambling_limits ADD CONSTRAINT ledger_gambling_limits_kind_check
         CHECK (kind IN ('daily_wager', 'weekly_wager', 'daily_loss', 'weekly_loss', 'max_stake'))`,
    );
  }
}
