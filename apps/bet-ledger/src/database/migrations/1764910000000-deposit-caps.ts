import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deposit caps on by default, and the back office's deposit keys scoped by operator.
 * - ledger_operators.max_deposit gets a default (and every operator without one gets it), and a cap on the
 *   signed deposits of one UTC day per currency, max_daily_deposits, the same way (values: operator-account.ts,
 *   DEFAULT_OPERATOR_CAPS). An index finds the day's deposits of an operator.
 * - ledger_backoffice_deposits: each key of POST /operators/:op/players/:p/deposits with the request it funded
 *   (a reuse with another request is refused), backfilled from the deposits already posted: their journal key was
 *   `deposit:<operator>:<key>` and their player posting names the operator and player.
 */
export class DepositCaps1764910000000 implements MigrationInterface {
  name = 'DepositCaps1764910000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ledger_operators ALTER COLUMN max_deposit SET DEFAULT 10000000000`);
    await q.query(`UPDATE ledger_operators SET max_deposit = 10000000000 WHERE max_deposit IS NULL`);
    await q.query(`
      ALTER TABLE ledger_operators
        ADD COLUMN max_daily_deposits bigint NULL DEFAULT 1000000000000 CHECK (max_daily_deposits > 0)`);
    await q.query(`UPDATE ledger_operators SET max_daily_deposits = 1000000000000`);
    await q.query(`
      CREATE INDEX ledger_operator_transactions_deposit_day_idx
        ON ledger_operator_transactions (operator_id, currency, created_at)
        WHERE kind = 'deposit' AND status = 200`);
    await q.query(`
      CREATE TABLE ledger_backoffice_deposits (
        operator_id text COLLATE "C" NOT NULL,
        idempotency_key text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, idempotency_key)
      )`);
    await q.query(`
      INSERT INTO ledger_backoffice_deposits (operator_id, idempotency_key, player_id, currency, amount, created_at)
      SELECT a.operator_id, substr(e.idempotency_key, length('deposit:' || a.operator_id || ':') + 1), a.player_id,
             e.currency, p.amount, e.created_at
        FROM wallet_entries e
        JOIN wallet_postings p ON p.entry_id = e.id
        JOIN wallet_accounts a ON a.id = p.account_id AND a.kind = 'player'
       WHERE e.kind = 'deposit' AND e.idempotency_key LIKE 'deposit:%'
         AND starts_with(e.idempotency_key, 'deposit:' || a.operator_id || ':')
      ON CONFLICT DO NOTHING`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_backoffice_deposits`);
    await q.query(`DROP INDEX ledger_operator_transactions_deposit_day_idx`);
    await q.query(`ALTER TABLE ledger_operators DROP COLUMN max_daily_deposits`);
    await q.query(`ALTER TABLE ledger_operators ALTER COLUMN max_deposit DROP DEFAULT`);
  }
}
