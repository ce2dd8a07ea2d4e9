import { Sql } from '@casino/wallet';
import { RecordedSession } from './session-proof';

/** The launch sessions among `sessionIds` (in the caller's transaction), by id. */
export async function loadSessions(
  sql: Sql,
  sessionIds: readonly string[],
): Promise<Map<string, RecordedSession>> {
  const out = new Map<string, RecordedSession>();
  if (sessionIds.length === 0) return out;
  const rows = await sql.rows<{
    session_id: string;
    operator_id: string;
    player_id: string;
    created_at: Date;
    expires_at: Date;
    revoked_at: Date | null;
    time_limit_minutes: number | null;
  }>(
    `SELECT session_id, operator_id, player_id, created_at, expires_at, revoked_at, time_limit_minutes
       FROM ledger_player_sessions WHERE session_id = ANY($1::text[])`,
    [[...new Set(sessionIds)]],
  );
  for (const r of rows)
    out.set(r.session_id, {
      sessionId: r.session_id,
      operatorId: r.operator_id,
      playerId: r.player_id,
      createdAt: new Date(r.created_at),
      expiresAt: new Date(r.expires_at),
      revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
      timeLimitMinutes: r.time_limit_minutes,
    });
  return out;
}

/**
 * The player's limit on the length of their launch session `sessionId`: it only ever shortens (the lower of the one
 * set and `minutes`). Returns the limit now in force, or undefined when the session is not the player's or is over.
 */
export async function limitSessionTime(
  sql: Sql,
  session: { sessionId: string; operatorId: string; playerId: string },
  minutes: number,
): Promise<number | undefined> {
  const [row] = await sql.rows<{ time_limit_minutes: number }>(
    `UPDATE ledger_player_sessions SET time_limit_minutes = least(coalesce(time_limit_minutes, $4), $4)
      WHERE session_id = $1 AND operator_id = $2 AND player_id = $3 AND revoked_at IS NULL AND expires_at > now()
      RETURNING time_limit_minutes`,
    [session.sessionId, session.operatorId, session.playerId, minutes],
  );
  return row?.time_limit_minutes;
}
