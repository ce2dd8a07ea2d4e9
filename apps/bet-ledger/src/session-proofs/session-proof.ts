import { BetCommand, PlayerClaims, verifyPlayerToken } from '@casino/events';

export const PLAYER_SESSION_INVALID = 'PLAYER_SESSION_INVALID';
/** A bet placed after the player's own session-time limit (docs/rules/restrictions.md#session-time-limit). */
export const SESSION_TIME_LIMIT = 'SESSION_TIME_LIMIT';

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
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  /** The player's own limit on the session's length, or null. */
  timeLimitMinutes: number | null;
}

/**
 * The token of a command, checked alone (signature, lifetime, expiry, the command's operator and player, a
 * launch session named): its claims, or why it is refused. The session itself is checked by `sessionRefusal`.
 */
export function tokenRefusal(
  cmd: BetCommand,
  keys: SessionProofKeys,
  nowMs: number,
  verified?: VerifiedTokens,
): { ok: true; claims: PlayerClaims & { sid: string } } | { ok: false; message: string } {
  if (cmd.playerToken === undefined) return { ok: false, message: 'the command carries no player token' };
  let claims = verified?.get(cmd.playerToken, nowMs);
  if (!claims) {
    const check = verifyPlayerToken(cmd.playerToken, keys.secret, nowMs, {
      maxLifetimeSeconds: keys.maxLifetimeSeconds,
    });
    if (!check.ok) return { ok: false, message: `player token refused: ${check.code}` };
    claims = check.claims;
    verified?.set(cmd.playerToken, claims);
  }
  if (claims.operatorId !== cmd.operatorId || claims.playerId !== cmd.playerId)
    return { ok: false, message: 'the player token is another player’s' };
  if (claims.sid === undefined) return { ok: false, message: 'the player token names no launch session' };
  return { ok: true, claims: { ...claims, sid: claims.sid } };
}

/**
 * Tokens whose signature, shape and lifetime were checked, with their claims: a player's every bet carries the same
 * token, so its HMAC and parsing are done once per process (expiry is checked again at each use). Bounded: emptied
 * when full.
 */
export class VerifiedTokens {
  private readonly claims = new Map<string, PlayerClaims>();

  constructor(private readonly maxEntries = 50_000) {}

  /** The claims of a token checked before and not expired at `nowMs`, else undefined. */
  get(token: string, nowMs: number): PlayerClaims | undefined {
    const claims = this.claims.get(token);
    if (claims && claims.exp * 1000 <= nowMs) {
      this.claims.delete(token);
      return undefined;
    }
    return claims;
  }

  set(token: string, claims: PlayerClaims): void {
    if (this.claims.size >= this.maxEntries) this.claims.clear();
    this.claims.set(token, claims);
  }
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

/** Why a bet may not be placed in a session whose player limited its length, at `nowMs`, or undefined. */
export function sessionTimeUp(session: RecordedSession, nowMs: number): string | undefined {
  const minutes = session.timeLimitMinutes;
  if (minutes === null || session.createdAt.getTime() + minutes * 60_000 > nowMs) return undefined;
  return `the player's session-time limit of ${minutes} minute(s) is reached`;
}
