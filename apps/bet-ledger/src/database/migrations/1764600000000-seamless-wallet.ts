import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The seamless wallet: an operator's wallet endpoint; the bets of its players waiting for (or past) the operator's
 * debit, off the Kafka partition; and the calls the platform owes the operator (credits, rollbacks), retried with
 * back-off from PostgreSQL so they survive restarts.
 */
export class SeamlessWallet1764600000000 implements MigrationInterface {
  name = 'SeamlessWallet1764600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_operators ADD COLUMN wallet_url text NULL`);
    await q.query(`
      CREATE TABLE ledger_seamless_bets (
        command_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        command jsonb NOT NULL,
        state text NOT NULL DEFAULT 'debiting'
          CHECK (state IN ('debiting', 'funded', 'accepted', 'paid_out', 'rolling_back', 'rejected')),
        debit_tx text COLLATE "C" NOT NULL UNIQUE,
        reject_code text NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // The worker's queues: bets to debit or decide, and accepted bets waiting for their round to end.
    await q.query(`
      CREATE INDEX ledger_seamless_bets_due ON ledger_seamless_bets (operator_id, next_attempt_at)
        WHERE state IN ('debiting', 'funded')`);
    await q.query(`
      CREATE INDEX ledger_seamless_bets_accepted ON ledger_seamless_bets (operator_id, table_id, round_id)
        WHERE state = 'accepted'`);
    await q.query(`
      CREATE TABLE ledger_seamless_calls (
        transaction_id text COLLATE "C" PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL,
        command_id text COLLATE "C" NOT NULL,
        call text NOT NULL CHECK (call IN ('credit', 'rollback')),
        body jsonb NOT NULL,
        amount bigint NOT NULL CHECK (amount >= 0),
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'confirmed', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text NULL,
        refusal_code text NULL,
        operator_transaction_id text NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz NULL
      )`);
    await q.query(`
      CREATE INDEX ledger_seamless_calls_due ON ledger_seamless_calls (operator_id, next_attempt_at)
        WHERE state = 'pending'`);
    await q.query(`CREATE INDEX ledger_seamless_calls_command ON ledger_seamless_calls (command_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_seamless_calls`);
    await q.query(`DROP TABLE ledger_seamless_bets`);
    await q.query(`ALTER TABLE ledger_operators DROP COLUMN wallet_url`);
  }
}
