import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** What a dealer session token says: who, for which service and tables, until when (Unix seconds). */
export interface DealerClaims {
  /** The game service the token was issued by (a baccarat token does not open roulette tables). */
  svc: string;
  /** The dealer id. */
  sub: string;
  /** The tables the dealer may run, `*` for every table (a pit boss). */
  tables: string[];
  iat: number;
  exp: number;
}

export type DealerTokenCheck =
  { ok: true; claims: DealerClaims } | { ok: false; code: 'DEALER_TOKEN_INVALID' | 'DEALER_TOKEN_EXPIRED' };

const claimsSchema = z
  .object({
    svc: z.string().min(1).max(64),
    sub: z.string().min(1).max(64),
    tables: z.array(z.string().min(1).max(64)).min(1).max(500),
    iat: z.number().int().nonnegative(),
    exp: z.number().int().positive(),
  })
  .strict();

/** A token is far shorter than this; a longer header is refused before any hashing. */
const MAX_TOKEN_LENGTH = 16_384;

function mac(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload).digest();
}

/** `base64url(JSON claims).base64url(HMAC-SHA256)`, the same shape as the player tokens. */
export function signDealerToken(claims: DealerClaims, secret: string): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/** Signature first (constant time), then the shape, the service and the expiry. */
export function verifyDealerToken(
  token: string,
  secret: string,
  expect: { service: string; nowMs: number },
): DealerTokenCheck {
  const invalid = { ok: false, code: 'DEALER_TOKEN_INVALID' } as const;
  if (token.length > MAX_TOKEN_LENGTH) return invalid;
  const parts = token.split('.');
  if (parts.length !== 2) return invalid;
  const [payload, signature] = parts;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(payload, secret);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return invalid;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return invalid;
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.svc !== expect.service) return invalid;
  if (parsed.data.exp * 1000 <= expect.nowMs) return { ok: false, code: 'DEALER_TOKEN_EXPIRED' };
  return { ok: true, claims: parsed.data };
}
