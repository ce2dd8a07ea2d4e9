import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator-granted VIP limits (docs/rules/restrictions.md#vip-limits): a player's maximum above the table's for one
 * game and bet key ('*' = every key), bounded at each table by the table's VIP ceiling. Every grant and revocation
 * is kept in an append-only audit with its actor and reason.
 */
export class VipLimits1764950000000 implements MigrationInterface {
  name = 'VipLimits1764950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_vip_limits (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        game text COLLATE "C" NOT NULL,
        limit_key text COLLATE "C" NOT NULL,
        max_stake bigint NOT NULL CHECK (max_stake > 0),
        granted_by text NOT NULL,
        reason text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, player_id, game, limit_key)
      )`);
    await q.query(`
      CREATE TABLE ledger_vip_limit_audit (
        id bigserial PRIMARY KEY,
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        game text COLLATE "C" NOT NULL,
        limit_key text COLLATE "C" NOT NULL,
        action text NOT NULL CHECK (action IN ('grant', 'revoke')),
        max_before bigint NULL,
        max_after bigint NULL,
        actor text NOT NULL,
        reason text NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_vip_limit_audit_player ON ledger_vip_limit_audit (operator_id, player_id, id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_vip_limit_audit`);
    await q.query(`DROP TABLE ledger_vip_limits`);
  }
}
