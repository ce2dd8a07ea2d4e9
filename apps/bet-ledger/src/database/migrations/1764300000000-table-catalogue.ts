import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The table catalogue: the ledger takes a round's game, currency, limits, pay table and rules from here, never
 * from its RoundOpened. Every change is audited; every RoundOpened refused against it is recorded.
 */
export class TableCatalogue1764300000000 implements MigrationInterface {
  name = 'TableCatalogue1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_tables (
        table_id text COLLATE "C" PRIMARY KEY,
        game text NOT NULL CHECK (game IN ('baccarat', 'blackjack', 'roulette')),
        variant text NOT NULL,
        currency char(3) NOT NULL,
        settings jsonb NOT NULL,
        producer text NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'closed')),
        version integer NOT NULL DEFAULT 1,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        updated_by text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE ledger_table_audit (
        id bigserial PRIMARY KEY,
        table_id text COLLATE "C" NOT NULL REFERENCES ledger_tables (table_id),
        action text NOT NULL CHECK (action IN ('create', 'update', 'close')),
        actor text NOT NULL,
        reason text NOT NULL,
        before jsonb NULL,
        after jsonb NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_table_audit_table ON ledger_table_audit (table_id, id)`);
    await q.query(`
      CREATE TABLE ledger_table_refusals (
        event_id text COLLATE "C" PRIMARY KEY,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        event_type text NOT NULL,
        code text NOT NULL,
        message text NOT NULL,
        refused_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_table_refusals_round ON ledger_table_refusals (table_id, round_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_table_refusals`);
    await q.query(`DROP TABLE ledger_table_audit`);
    await q.query(`DROP TABLE ledger_tables`);
  }
}
