import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Payouts a settlement could not credit to a wallet (its balance plus the credit would pass 2^63 − 1): booked to the
 * operator's funding account instead, one row per bet for the back office, while the rest of the round settles
 * (rounds/held-payouts.repository.ts, docs/ledger.md#held-payouts).
 */
export class HeldPayouts1764920000000 implements MigrationInterface {
  name = 'HeldPayouts1764920000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_held_payouts (
        bet_id text COLLATE "C" PRIMARY KEY,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        account_id bigint NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        code text NOT NULL,
        message text NOT NULL,
        held_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_held_payouts_operator_idx ON ledger_held_payouts (operator_id, held_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_held_payouts`);
  }
}
