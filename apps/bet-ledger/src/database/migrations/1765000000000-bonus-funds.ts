import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Bonus funds (docs/ledger.md#bonus-funds): the bonus account kinds beside the cash wallets (a player's bonus
 * balance; an operator's bonus granted, converted and forfeited books), their entry kinds, the bonuses an operator
 * grants (amount, wagering requirement, expiry, eligible games, progress and how each ended), their audit, the
 * bonus part of each bet staked while a bonus was active, and the operator's staking order.
 */
export class BonusFunds1765000000000 implements MigrationInterface {
  name = 'BonusFunds1765000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE wallet_accounts DROP CONSTRAINT IF EXISTS wallet_accounts_kind_check`);
    await q.query(`
      ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_kind_check CHECK (kind IN ('player', 'bets_in_play',
        'house', 'funding', 'bonus', 'bonus_granted', 'bonus_converted', 'bonus_forfeited'))`);
    await q.query(`ALTER TABLE wallet_entries DROP CONSTRAINT IF EXISTS wallet_entries_kind_check`);
    await q.query(`
      ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_kind_check CHECK (kind IN ('bet', 'settlement',
        'refund', 'deposit', 'withdrawal', 'bonus_grant', 'bonus_conversion', 'bonus_forfeit'))`);
    await q.query(`ALTER TABLE ledger_operators ADD COLUMN bonus_first boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE TABLE ledger_bonuses (
        bonus_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL REFERENCES ledger_operators (operator_id),
        grant_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        account_id bigint NOT NULL REFERENCES wallet_accounts (id),
        amount bigint NOT NULL CHECK (amount > 0),
        wagering_multiple integer NOT NULL CHECK (wagering_multiple BETWEEN 0 AND 1000),
        requirement bigint NOT NULL CHECK (requirement >= 0),
        games text[] NULL,
        expires_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'active'
          CHECK (status IN ('active', 'converted', 'forfeited', 'expired')),
        wagered bigint NOT NULL DEFAULT 0 CHECK (wagered >= 0),
        converted bigint NOT NULL DEFAULT 0 CHECK (converted >= 0),
        forfeited bigint NOT NULL DEFAULT 0 CHECK (forfeited >= 0),
        request_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz NULL,
        CONSTRAINT ledger_bonuses_grant_unique UNIQUE (operator_id, grant_id)
      )`);
    // At most one active bonus per player and currency: the one its stakes and turnover belong to.
    await q.query(`
      CREATE UNIQUE INDEX ledger_bonuses_one_active ON ledger_bonuses (account_id) WHERE status = 'active'`);
    await q.query(
      `CREATE INDEX ledger_bonuses_player ON ledger_bonuses (operator_id, player_id, created_at)`,
    );
    await q.query(
      `CREATE INDEX ledger_bonuses_expiry ON ledger_bonuses (expires_at) WHERE status = 'active'`,
    );
    // Recently ended bonuses: where the sweeper looks for bonus money a cancel brought back after the end.
    await q.query(`CREATE INDEX ledger_bonuses_ended ON ledger_bonuses (ended_at) WHERE status <> 'active'`);
    await q.query(`
      CREATE TABLE ledger_bonus_audit (
        id bigserial PRIMARY KEY,
        bonus_id text COLLATE "C" NOT NULL REFERENCES ledger_bonuses (bonus_id),
        action text NOT NULL CHECK (action IN ('grant', 'convert', 'forfeit', 'expire', 'leftover')),
        amount bigint NOT NULL,
        actor text NOT NULL,
        reason text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_bonus_audit_bonus ON ledger_bonus_audit (bonus_id, id)`);
    // A bet staked while its player's bonus was active: the bonus part of its stake (cash: the rest).
    await q.query(`
      CREATE TABLE ledger_bet_bonus_parts (
        bet_id text COLLATE "C" PRIMARY KEY,
        bonus_id text COLLATE "C" NOT NULL REFERENCES ledger_bonuses (bonus_id),
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        bonus_stake bigint NOT NULL CHECK (bonus_stake >= 0),
        counts boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX ledger_bet_bonus_parts_round ON ledger_bet_bonus_parts (table_id, round_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_bet_bonus_parts`);
    await q.query(`DROP TABLE ledger_bonus_audit`);
    await q.query(`DROP TABLE ledger_bonuses`);
    await q.query(`ALTER TABLE ledger_operators DROP COLUMN bonus_first`);
    await q.query(`
      DELETE FROM wallet_postings WHERE entry_id IN (SELECT id FROM wallet_entries
        WHERE kind IN ('bonus_grant', 'bonus_conversion', 'bonus_forfeit'))`);
    await q.query(`ALTER TABLE wallet_entries DROP CONSTRAINT wallet_entries_kind_check`);
    await q.query(
      `DELETE FROM wallet_entries WHERE kind IN ('bonus_grant', 'bonus_conversion', 'bonus_forfeit')`,
    );
    await q.query(`
      ALTER TABLE wallet_entries ADD CONSTRAINT wallet_entries_kind_check
        CHECK (kind IN ('bet', 'settlement', 'refund', 'deposit', 'withdrawal'))`);
    await q.query(`ALTER TABLE wallet_accounts DROP CONSTRAINT wallet_accounts_kind_check`);
    await q.query(`
      ALTER TABLE wallet_accounts ADD CONSTRAINT wallet_accounts_kind_check
        CHECK (kind IN ('player', 'bets_in_play', 'house', 'funding'))`);
  }
}
