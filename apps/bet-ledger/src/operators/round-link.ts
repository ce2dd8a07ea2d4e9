import { createHmac, timingSafeEqual } from 'node:crypto';

/** A round-details link: who it is for, which round, until when (Unix seconds). */
export interface RoundLinkClaims {
  operatorId: string;
  playerId: string;
  tableId: string;
  roundId: string;
  exp: number;
}

/** The longest a link lives: operators link it from a page the player is looking at, not from an e-mail. */
export const MAX_ROUND_LINK_TTL_SECONDS = 86_400;
export const DEFAULT_ROUND_LINK_TTL_SECONDS = 900;

export type RoundLinkRefusal = 'ROUND_LINK_INVALID' | 'ROUND_LINK_EXPIRED';

/**
 * The links' own key, derived from LEDGER_SECRETS_KEY with a fixed label: a link's MAC can never be taken for
 * any other MAC the ledger makes with that key (operator secrets are AES-GCM, not HMAC, under it).
 */
export function roundLinkKey(secretsKeyHex: string): Buffer {
  return createHmac('sha256', Buffer.from(secretsKeyHex, 'hex')).update('casino/round-link/v1').digest();
}

// Each field is length-prefixed so that no two claim sets spell the same message (ids may hold any character).
function message(c: RoundLinkClaims): string {
  return ['round-link/v1', c.operatorId, c.playerId, c.tableId, c.roundId, String(c.exp)]
    .map((p) => `${p.length}:${p}`)
    .join('|');
}

/** hex HMAC-SHA256 of the claims. */
export function signRoundLink(claims: RoundLinkClaims, key: Buffer): string {
  return createHmac('sha256', key).update(message(claims), 'utf8').digest('hex');
}

/** Checks the signature (constant time) first, then expiry; a link expiring later than the maximum is refused. */
export function verifyRoundLink(
  claims: RoundLinkClaims,
  sig: string,
  key: Buffer,
  nowMs = Date.now(),
): { ok: true } | { ok: false; code: RoundLinkRefusal } {
  const expected = Buffer.from(signRoundLink(claims, key), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, code: 'ROUND_LINK_INVALID' };
  if (claims.exp * 1000 <= nowMs) return { ok: false, code: 'ROUND_LINK_EXPIRED' };
  if (claims.exp * 1000 - nowMs > MAX_ROUND_LINK_TTL_SECONDS * 1000)
    return { ok: false, code: 'ROUND_LINK_INVALID' };
  return { ok: true };
}
