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
    expires_at: Date;
    revoked_at: Date | null;
  }>(
    `SELECT session_id, operator_id, player_id, expires_at, revoked_at
       FROM ledger_player_sessions WHERE session_id = ANY($1::text[])`,
    [[...new Set(sessionIds)]],
  );
  for (const r of rows)
    out.set(r.session_id, {
      sessionId: r.session_id,
      operatorId: r.operator_id,
      playerId: r.player_id,
      expiresAt: new Date(r.expires_at),
      revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
    });
  return out;
}
