import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free-bet winnings as bonus money, and free bets of seamless operators (docs/ledger.md#free-bets): a grant says
 * how its free bets' winnings are paid, `cash` (the player's wallet, as before) or `bonus`, and then names the bonus
 * (ledger_bonuses, created with the grant at 0) that holds them under the grant's wagering requirement, expiry and
 * games; a seamless bet that used a free bet names it (`ledger_seamless_bets.free_bet_id`: never debited, its
 * winnings credited with the promotion id).
 */
export class FreeBetWinnings1765600000000 implements MigrationInterface {
  name = 'FreeBetWinnings1765600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE ledger_free_bets
        ADD COLUMN winnings_as text NOT NULL DEFAULT 'cash' CHECK (winnings_as IN ('cash', 'bonus')),
        ADD COLUMN bonus_id text COLLATE "C" NULL REFERENCES ledger_bonuses (bonus_id),
        ADD CONSTRAINT ledger_free_bets_winnings_bonus CHECK ((winnings_as = 'bonus') = (bonus_id IS NOT NULL))`);
    await q.query(
      `ALTER TABLE ledger_seamless_bets ADD COLUMN free_bet_id text COLLATE "C" NULL REFERENCES ledger_free_bets (free_bet_id)`,
    );
    // A free-bet grant's bonus starts at 0 and grows by the winnings it is paid.
    await q.query(`ALTER TABLE ledger_bonuses DROP CONSTRAINT ledger_bonuses_amount_check`);
    await q.query(
      `ALTER TABLE ledger_bonuses ADD CONSTRAINT ledger_bonuses_amount_check CHECK (amount >= 0)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    const used = await q.query(`SELECT 1 FROM ledger_free_bets WHERE winnings_as = 'bonus' LIMIT 1`);
    if (used.length > 0)
      throw new Error('free bets with winnings as bonus were granted: the migration cannot be reverted');
    const seamless = await q.query(
      `SELECT 1 FROM ledger_seamless_bets WHERE free_bet_id IS NOT NULL LIMIT 1`,
    );
    if (seamless.length > 0)
      throw new Error('seamless bets used free bets: the migration cannot be reverted');
    await q.query(`ALTER TABLE ledger_seamless_bets DROP COLUMN free_bet_id`);
    await q.query(`ALTER TABLE ledger_bonuses DROP CONSTRAINT ledger_bonuses_amount_check`);
    await q.query(`ALTER TABLE ledger_bonuses ADD CONSTRAINT ledger_bonuses_amount_check CHECK (amount > 0)`);
    await q.query(
      `ALTER TABLE ledger_free_bets DROP CONSTRAINT ledger_free_bets_winnings_bonus,
         DROP COLUMN bonus_id, DROP COLUMN winnings_as`,
    );
  }
}
