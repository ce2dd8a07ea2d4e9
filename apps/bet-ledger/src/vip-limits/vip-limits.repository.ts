import { Sql } from '@casino/wallet';

/** One player's VIP maximum for one game and bet key ('*' = every key of the game). */
export interface VipGrant {
  game: string;
  limitKey: string;
  max: bigint;
  grantedBy: string;
  reason: string;
  grantedAt: string;
}

export interface VipAuditEntry {
  id: string;
  game: string;
  limitKey: string;
  action: 'grant' | 'revoke';
  maxBefore: bigint | null;
  maxAfter: bigint | null;
  actor: string;
  reason: string;
  at: string;
}

export interface VipGrantKey {
  operatorId: string;
  playerId: string;
  game: string;
  limitKey: string;
}

type GrantRow = {
  game: string;
  limit_key: string;
  max_stake: string;
  granted_by: string;
  reason: string;
  granted_at: Date;
};
type AuditRow = {
  id: string;
  game: string;
  limit_key: string;
  action: 'grant' | 'revoke';
  max_before: string | null;
  max_after: string | null;
  actor: string;
  reason: string;
  at: Date;
};

const big = (v: string | null) => (v === null ? null : BigInt(v));

/** The SQL of the VIP grants (docs/rules/restrictions.md#vip-limits); the audit row is written with each change. */
export const vipLimitsRepository = {
  /** Sets a grant (the row locked first, so two changes of one grant are audited one after the other). */
  async grant(
    sql: Sql,
    key: VipGrantKey,
    max: bigint,
    actor: string,
    reason: string,
  ): Promise<bigint | null> {
    const [before] = await sql.rows<{ max_stake: string }>(
      `SELECT max_stake::text FROM ledger_vip_limits
        WHERE operator_id = $1 AND player_id = $2 AND game = $3 AND limit_key = $4 FOR UPDATE`,
      [key.operatorId, key.playerId, key.game, key.limitKey],
    );
    await sql.rows(
      `INSERT INTO ledger_vip_limits (operator_id, player_id, game, limit_key, max_stake, granted_by, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (operator_id, player_id, game, limit_key)
       DO UPDATE SET max_stake = $5, granted_by = $6, reason = $7, granted_at = now()`,
      [key.operatorId, key.playerId, key.game, key.limitKey, max.toString(), actor, reason],
    );
    const previous = before ? BigInt(before.max_stake) : null;
    await audit(sql, key, 'grant', previous, max, actor, reason);
    return previous;
  },

  /** Removes a grant; null when there was none (nothing audited). */
  async revoke(sql: Sql, key: VipGrantKey, actor: string, reason: string): Promise<bigint | null> {
    const [gone] = await sql.rows<{ max_stake: string }>(
      `DELETE FROM ledger_vip_limits
        WHERE operator_id = $1 AND player_id = $2 AND game = $3 AND limit_key = $4
        RETURNING max_stake::text`,
      [key.operatorId, key.playerId, key.game, key.limitKey],
    );
    if (!gone) return null;
    const previous = BigInt(gone.max_stake);
    await audit(sql, key, 'revoke', previous, null, actor, reason);
    return previous;
  },

  async list(sql: Sql, operatorId: string, playerId: string): Promise<VipGrant[]> {
    const rows = await sql.rows<GrantRow>(
      `SELECT game, limit_key, max_stake::text, granted_by, reason, granted_at FROM ledger_vip_limits
        WHERE operator_id = $1 AND player_id = $2 ORDER BY game, limit_key`,
      [operatorId, playerId],
    );
    return rows.map((r) => ({
      game: r.game,
      limitKey: r.limit_key,
      max: BigInt(r.max_stake),
      grantedBy: r.granted_by,
      reason: r.reason,
      grantedAt: r.granted_at.toISOString(),
    }));
  },

  /** The player's audit, newest first. */
  async audit(sql: Sql, operatorId: string, playerId: string, limit = 100): Promise<VipAuditEntry[]> {
    const rows = await sql.rows<AuditRow>(
      `SELECT id::text, game, limit_key, action, max_before::text, max_after::text, actor, reason, at
         FROM ledger_vip_limit_audit WHERE operator_id = $1 AND player_id = $2 ORDER BY id DESC LIMIT $3`,
      [operatorId, playerId, limit],
    );
    return rows.map((r) => ({
      id: r.id,
      game: r.game,
      limitKey: r.limit_key,
      action: r.action,
      maxBefore: big(r.max_before),
      maxAfter: big(r.max_after),
      actor: r.actor,
      reason: r.reason,
      at: r.at.toISOString(),
    }));
  },
};

async function audit(
  sql: Sql,
  key: VipGrantKey,
  action: 'grant' | 'revoke',
  before: bigint | null,
  after: bigint | null,
  actor: string,
  reason: string,
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_vip_limit_audit
       (operator_id, player_id, game, limit_key, action, max_before, max_after, actor, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      key.operatorId,
      key.playerId,
      key.game,
      key.limitKey,
      action,
      before?.toString() ?? null,
      after?.toString() ?? null,
      actor,
      reason,
    ],
  );
}
