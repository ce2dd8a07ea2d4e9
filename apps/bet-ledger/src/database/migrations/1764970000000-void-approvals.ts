import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A pit boss's approval of the void of one round (who, when, why), and the game services' voids the ledger held
 * because the round had closed with stakes and had no approval (docs/ledger.md#voids-after-betting-closed).
 */
export class VoidApprovals1764970000000 implements MigrationInterface {
  name = 'VoidApprovals1764970000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_void_approvals (
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        approval_id uuid NOT NULL UNIQUE,
        reason text NOT NULL,
        staff_id bigint NOT NULL,
        approved_by text NOT NULL,
        role text NOT NULL,
        approved_at timestamptz NOT NULL DEFAULT now(),
        applied_event_id text,
        applied_at timestamptz,
        PRIMARY KEY (table_id, round_id)
      )`);
    await q.query(`CREATE INDEX ledger_void_approvals_at ON ledger_void_approvals (approved_at)`);
    await q.query(`
      CREATE TABLE ledger_held_voids (
        event_id text COLLATE "C" PRIMARY KEY,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        reason text NOT NULL,
        message text,
        approval_id text,
        code text NOT NULL,
        event jsonb NOT NULL,
        held_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_held_voids_round ON ledger_held_voids (table_id, round_id)`);
    await q.query(`CREATE INDEX ledger_held_voids_at ON ledger_held_voids (held_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_held_voids`);
    await q.query(`DROP TABLE ledger_void_approvals`);
  }
}
