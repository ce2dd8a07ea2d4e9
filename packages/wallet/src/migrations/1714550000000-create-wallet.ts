import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateWallet1714550000000 implements MigrationInterface {
  name = 'CreateWallet1714550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wallet_accounts (
        id bigserial PRIMARY KEY,
        key text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('player', 'bets_in_play', 'house', 'funding')),
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NULL,
        game text NULL,
        table_id text COLLATE "C" NULL,
        currency char(3) NOT NULL,
        balance bigint NOT NULL DEFAULT 0,
        allow_negative boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT wallet_accounts_key_unique UNIQUE (key),
        CONSTRAINT wallet_accounts_non_negative CHECK (allow_negative OR balance >= 0)
      )`);
    await q.query(`
      CREATE TABLE wallet_entries (
        id bigserial PRIMARY KEY,
        idempotency_key text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('bet', 'settlement', 'refund', 'deposit', 'withdrawal')),
        reference text NULL,
        currency char(3) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT wallet_entries_idempotency_unique UNIQUE (idempotency_key)
      )`);
    await q.query(`
      CREATE TABLE wallet_postings (
        id bigserial PRIMARY KEY,
        entry_id bigint NOT NULL REFERENCES wallet_entries (id) ON DELETE RESTRICT,
        account_id bigint NOT NULL REFERENCES wallet_accounts (id) ON DELETE RESTRICT,
        amount bigint NOT NULL CHECK (amount <> 0)
      )`);
    await q.query(`CREATE INDEX wallet_postings_entry_idx ON wallet_postings (entry_id)`);
    await q.query(`CREATE INDEX wallet_postings_account_idx ON wallet_postings (account_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wallet_postings`);
    await q.query(`DROP TABLE wallet_entries`);
    await q.query(`DROP TABLE wallet_accounts`);
  }
}
