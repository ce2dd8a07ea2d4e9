import { BetCommand } from '@casino/events';
import { Sql } from '@casino/wallet';
import {
  PLAYER_SESSION_INVALID,
  SESSION_TIME_LIMIT,
  sessionRefusal,
  SessionProofKeys,
  sessionTimeUp,
  tokenRefusal,
  VerifiedTokens,
} from './session-proof';
import { loadSessions } from './session-proof.repository';

export type SessionProofRefusal =
  | { code: typeof PLAYER_SESSION_INVALID; message: string }
  /** A bet past the player's own session-time limit: refused, not a security event. */
  | { code: typeof SESSION_TIME_LIMIT; message: string };

/**
 * The commands that do not prove a live launch session of their player, with why (in the caller's transaction):
 * a game service spends only the money of players whose token it was given, i.e. who connected to it
 * (docs/kafka-security.md#threat-model). The token's signature alone would not do: the game services hold the
 * key that checks it, so the session it names must exist at the ledger, be the command's player's and be neither
 * revoked nor expired. A bet (not a cancel) past the player's own session-time limit is refused SESSION_TIME_LIMIT.
 */
export async function sessionProofRefusals(
  sql: Sql,
  keys: SessionProofKeys,
  commands: readonly BetCommand[],
  nowMs = Date.now(),
  verified?: VerifiedTokens,
): Promise<Map<string, SessionProofRefusal>> {
  const refused = new Map<string, SessionProofRefusal>();
  const named: { cmd: BetCommand; sid: string }[] = [];
  for (const cmd of commands) {
    const token = tokenRefusal(cmd, keys, nowMs, verified);
    if (token.ok) named.push({ cmd, sid: token.claims.sid });
    else refused.set(cmd.id, { code: PLAYER_SESSION_INVALID, message: token.message });
  }
  const sessions = await loadSessions(
    sql,
    named.map((n) => n.sid),
  );
  for (const { cmd, sid } of named) {
    const session = sessions.get(sid);
    const why = sessionRefusal(cmd, session, nowMs);
    if (why !== undefined) refused.set(cmd.id, { code: PLAYER_SESSION_INVALID, message: why });
    else if (cmd.type === 'PlaceBet' && session) {
      const timeUp = sessionTimeUp(session, nowMs);
      if (timeUp !== undefined) refused.set(cmd.id, { code: SESSION_TIME_LIMIT, message: timeUp });
    }
  }
  return refused;
}
