import { BetCommand, PlayerClaims, verifyPlayerToken } from '@casino/events';

export const PLAYER_SESSION_INVALID = 'PLAYER_SESSION_INVALID';

/** What the ledger checks a command's player token with (its configuration). */
export interface SessionProofKeys {
  secret: string;
  maxLifetimeSeconds: number;
}

/** A launch session as the ledger recorded it (ledger_player_sessions). */
export interface RecordedSession {
  sessionId: string;
  operatorId: string;
  playerId: string;
  expiresAt: Date;
  revokedAt: Date | null;
}

/**
 * The token of a command, checked alone (signature, lifetime, expiry, the command's operator and player, a
 * launch session named): its claims, or why it is refused. The session itself is checked by `sessionRefusal`.
 */
export function tokenRefusal(
  cmd: BetCommand,
  keys: SessionProofKeys,
  nowMs: number,
): { ok: true; claims: PlayerClaims & { sid: string } } | { ok: false; message: string } {
  if (cmd.playerToken === undefined) return { ok: false, message: 'the command carries no player token' };
  const check = verifyPlayerToken(cmd.playerToken, keys.secret, nowMs, {
    maxLifetimeSeconds: keys.maxLifetimeSeconds,
  });
  if (!check.ok) return { ok: false, message: `player token refused: ${check.code}` };
  const { claims } = check;
  if (claims.operatorId !== cmd.operatorId || claims.playerId !== cmd.playerId)
    return { ok: false, message: 'the player token is another player’s' };
  if (claims.sid === undefined) return { ok: false, message: 'the player token names no launch session' };
  return { ok: true, claims: { ...claims, sid: claims.sid } };
}

/** Why the launch session a valid token names may not spend for the command's player now, or undefined. */
export function sessionRefusal(
  cmd: { operatorId: string; playerId: string },
  session: RecordedSession | undefined,
  nowMs: number,
): string | undefined {
  if (!session || session.operatorId !== cmd.operatorId || session.playerId !== cmd.playerId)
    return 'the player token names no launch session of this player';
  if (session.revokedAt !== null) return 'the launch session was revoked';
  if (session.expiresAt.getTime() <= nowMs) return 'the launch session has expired';
  return undefined;
}
