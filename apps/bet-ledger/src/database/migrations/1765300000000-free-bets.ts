import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Free bets (docs/ledger.md#free-bets): the operator's promotion book account kind (`free_bets`), the free bets an
 * operator grants a player (N bets of one stake at a game or a table, idempotent by the operator's grant id) and
 * each bet that used one (what of its return went back to the promotion book and what the player won).
 */
export class FreeBets1765300000000 implements MigrationInterface {
  name = 'FreeBets1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_accounts DROP CONSTRAINT IF EXISTS wallet_accounts_kind_check`);
    await q.query(`
      ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_kind_check CHECK (kind IN ('player', 'bets_in_play',
        'house', 'funding', 'bonus', 'bonus_granted', 'bonus_converted', 'bonus_forfeited', 'free_bets'))`);
    await q.query(`
      CREATE TABLE ledger_free_bets (
        free_bet_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL REFERENCES ledger_operators (operator_id),
        grant_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        game text NOT NULL,
        table_id text COLLATE "C" NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        count integer NOT NULL CHECK (count BETWEEN 1 AND 1000),
        used integer NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        request_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_free_bets_grant_unique UNIQUE (operator_id, grant_id),
        CONSTRAINT ledger_free_bets_used CHECK (used BETWEEN 0 AND count)
      )`);
    await q.query(
      `CREATE INDEX ledger_free_bets_player ON ledger_free_bets (operator_id, player_id, currency, created_at)`,
    );
    // A bet that used a free bet: its stake came from the promotion book; `to_promotion` is what of its return went
    // back there (the stake at most; all of it when refunded or cancelled), `winnings` what the player was paid.
    await q.query(`
      CREATE TABLE ledger_free_bet_uses (
        bet_id text COLLATE "C" PRIMARY KEY,
        free_bet_id text COLLATE "C" NOT NULL REFERENCES ledger_free_bets (free_bet_id),
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'settled', 'refunded', 'cancelled')),
        to_promotion bigint NOT NULL DEFAULT 0 CHECK (to_promotion BETWEEN 0 AND stake),
        winnings bigint NOT NULL DEFAULT 0 CHECK (winnings >= 0)
      )`);
    await q.query(`CREATE INDEX ledger_free_bet_uses_round ON ledger_free_bet_uses (table_id, round_id)`);
    await q.query(`CREATE INDEX ledger_free_bet_uses_grant ON ledger_free_bet_uses (free_bet_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    const used = await q.query(`SELECT 1 FROM wallet_accounts WHERE kind = 'free_bets' LIMIT 1`);
    if (used.length > 0) throw new Error('free bets were booked: the migration cannot be reverted');
    await q.query(`DROP TABLE ledger_free_bet_uses`);
    await q.query(`DROP TABLE ledger_free_bets`);
    await q.query(`ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_kind_check`);
    await q.query(`
      ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_kind_check CHECK (kind IN ('player', 'bets_in_play',
        'house', 'funding', 'bonus', 'bonus_granted', 'bonus_converted', 'bonus_forfeited'))`);
  }
}
