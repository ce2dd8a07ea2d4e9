import { Sql } from '@casino/wallet';

/** A launch session as the launch records it (ledger_player_sessions). */
export interface LaunchSessionRecord {
  sessionId: string;
  /** The operator's id, or its play-money book's for a fun session. */
  operatorId: string;
  playerId: string;
  currency: string;
  game: string | null;
  tableId: string | null;
  language: string | null;
  /** ISO 8601. */
  expiresAt: string;
  lobbyUrl: string | null;
  cashierUrl: string | null;
  country: string | null;
  device: string | null;
  realityCheckMinutes: number | null;
  playerLimits: boolean;
}

export async function recordLaunchSession(sql: Sql, s: LaunchSessionRecord): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_player_sessions
       (session_id, operator_id, player_id, currency, game, table_id, language, expires_at,
        lobby_url, cashier_url, country, device, reality_check_minutes, player_limits)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      s.sessionId,
      s.operatorId,
      s.playerId,
      s.currency,
      s.game,
      s.tableId,
      s.language,
      s.expiresAt,
      s.lobbyUrl,
      s.cashierUrl,
      s.country,
      s.device,
      s.realityCheckMinutes,
      s.playerLimits,
    ],
  );
}

/** What a player's own responsible-gambling view reads of their launch session. */
export interface LaunchSessionSettings {
  realityCheckMinutes: number | null;
  playerLimits: boolean;
  timeLimitMinutes: number | null;
  createdAt: Date;
}

/** The settings of the player's launch session `sessionId`, or undefined when it is not theirs. */
export async function launchSessionSettings(
  sql: Sql,
  s: { sessionId: string; operatorId: string; playerId: string },
): Promise<LaunchSessionSettings | undefined> {
  const [row] = await sql.rows<{
    reality_check_minutes: number | null;
    player_limits: boolean;
    time_limit_minutes: number | null;
    created_at: Date;
  }>(
    `SELECT reality_check_minutes, player_limits, time_limit_minutes, created_at FROM ledger_player_sessions
      WHERE session_id = $1 AND operator_id = $2 AND player_id = $3`,
    [s.sessionId, s.operatorId, s.playerId],
  );
  return (
    row && {
      realityCheckMinutes: row.reality_check_minutes,
      playerLimits: row.player_limits,
      timeLimitMinutes: row.time_limit_minutes,
      createdAt: new Date(row.created_at),
    }
  );
}

/**
 * The operator revokes one of its sessions (`scopes`: its real and play-money books), under the row's lock:
 * undefined when none of its books has the session; `newly` false when it was revoked already (its first time kept).
 */
export async function revokeSessionOfOperator(
  sql: Sql,
  sessionId: string,
  scopes: readonly string[],
): Promise<{ playerId: string; operatorId: string; revokedAt: Date; newly: boolean } | undefined> {
  const [row] = await sql.rows<{ player_id: string; operator_id: string; revoked_at: Date; newly: boolean }>(
    `WITH s AS (SELECT player_id, operator_id, revoked_at FROM ledger_player_sessions
                WHERE session_id = $1 AND operator_id = ANY($2) FOR UPDATE),
          u AS (UPDATE ledger_player_sessions SET revoked_at = now(), revoke_reason = 'operator'
                WHERE session_id = $1 AND operator_id = ANY($2) AND revoked_at IS NULL RETURNING revoked_at)
     SELECT s.player_id, s.operator_id, coalesce(s.revoked_at, (SELECT revoked_at FROM u)) AS revoked_at,
            s.revoked_at IS NULL AS newly FROM s`,
    [sessionId, scopes],
  );
  return (
    row && {
      playerId: row.player_id,
      operatorId: row.operator_id,
      revokedAt: new Date(row.revoked_at),
      newly: row.newly,
    }
  );
}

/** Revokes every live session in `scopes` (of one player, or all of them); returns how many. */
export async function revokeLiveSessions(
  sql: Sql,
  scopes: readonly string[],
  reason: 'player-suspended' | 'operator-suspended',
  playerId?: string,
): Promise<number> {
  const revoked = await sql.rows(
    `UPDATE ledger_player_sessions SET revoked_at = now(), revoke_reason = $2
      WHERE operator_id = ANY($1) AND ($3::text IS NULL OR player_id = $3) AND revoked_at IS NULL
        AND expires_at > now()
      RETURNING session_id`,
    [scopes, reason, playerId ?? null],
  );
  return revoked.length;
}
