import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reference operator wallet's books: one balance per player, and every call the platform made with the answer
 * it got, keyed by the platform's transaction id (the idempotency key). A rollback that arrives before its debit
 * leaves a `rolled_back` row under the debit's id, so the late debit is refused rather than applied.
 */
export class OperatorWallet1764500000000 implements MigrationInterface {
  name = 'OperatorWallet1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE wallet_players (
        player_id text COLLATE "C" PRIMARY KEY,
        currency char(3) NOT NULL,
        balance bigint NOT NULL CHECK (balance >= 0),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'blocked')),
        max_stake bigint NULL CHECK (max_stake > 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE wallet_transactions (
        transaction_id text COLLATE "C" PRIMARY KEY,
        call text NOT NULL CHECK (call IN ('debit', 'credit', 'rollback')),
        player_id text COLLATE "C" NOT NULL,
        amount bigint NOT NULL CHECK (amount >= 0),
        debit_transaction_id text COLLATE "C" NULL,
        round_id text NULL,
        bet_id text NULL,
        -- debits: applied | refused | settled (credited) | rolled_back; credits and rollbacks: applied | refused
        state text NOT NULL CHECK (state IN ('applied', 'refused', 'settled', 'rolled_back')),
        -- sha256 of the call's JSON; null for the mark a rollback leaves under a debit it never saw
        request_hash text NULL,
        answer jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX wallet_transactions_player ON wallet_transactions (player_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wallet_transactions`);
    await q.query(`DROP TABLE wallet_players`);
  }
}
