import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { isCountryCode } from './country-code';
import { isOperatorOriginPattern } from './origin-pattern';

/**
 * Who a player is, as the operator launched them: the player is (operatorId, playerId), never playerId alone.
 * `exp` is a Unix time in seconds; `iat` when the token was issued (Unix seconds; optional for tokens signed before it
 * existed, which a player-wide revocation then refuses); `sid` the launch session (revocable); `nickname` what other
 * players see; `origins` the browser origins the operator registered (its own pages may open the player's sockets
 * besides the platform's lobby), at most MAX_TOKEN_ORIGINS; `fun` a play-money session: its operatorId is then the
 * operator's play-money book (funOperatorId), never the operator itself, and only then (the schema checks both ways);
 * `country` the player's country as the operator launched them (ISO 3166-1 alpha-2), which the game services use for
 * the settings of the player's jurisdiction (RNG baccarat's idle time); absent when the launch named none.
 */
export interface PlayerClaims {
  playerId: string;
  operatorId: string;
  currency: string;
  exp: number;
  iat?: number;
  sid?: string;
  nickname?: string;
  origins?: string[];
  fun?: true;
  country?: string;
}

/**
 * The play-money book of an operator is an operator scope of its own, `fun:<operatorId>`: a real operator id never
 * holds a colon (1-64 letters, digits, . _ -), so no real operator can be named so (docs/operator-integration.md#fun-mode).
 */
export const FUN_OPERATOR_PREFIX = 'fun:';

/** The play-money book of `operatorId`. */
export const funOperatorId = (operatorId: string): string => `${FUN_OPERATOR_PREFIX}${operatorId}`;

/** Whether `operatorId` names a play-money book. */
export const isFunOperatorId = (operatorId: string): boolean => operatorId.startsWith(FUN_OPERATOR_PREFIX);

/** The real operator of an operator scope: itself, or the operator whose play-money book it is. */
export const realOperatorIdOf = (operatorId: string): string =>
  isFunOperatorId(operatorId) ? operatorId.slice(FUN_OPERATOR_PREFIX.length) : operatorId;

/** The most origins a token carries (an operator registers at most this many). */
export const MAX_TOKEN_ORIGINS = 10;

/** The longest token accepted: claims with MAX_TOKEN_ORIGINS long origins still fit. */
const MAX_TOKEN_LENGTH = 8192;

export type TokenErrorCode =
  'TOKEN_MALFORMED' | 'TOKEN_BAD_SIGNATURE' | 'TOKEN_EXPIRED' | 'TOKEN_LIFETIME_TOO_LONG';

export const TOKEN_ERROR_MESSAGES: Readonly<Record<TokenErrorCode, string>> = {
  TOKEN_MALFORMED: 'the token is not <payload>.<signature> with valid claims',
  TOKEN_BAD_SIGNATURE: 'the token signature does not match',
  TOKEN_EXPIRED: 'the token has expired',
  TOKEN_LIFETIME_TOO_LONG: 'the token lives longer than the platform allows',
};

/**
 * The longest lifetime a verifier accepts by default, in seconds: the ledger's longest launch session (one day). A
 * token valid for longer was not issued by a launch session, whoever signed it.
 */
export const DEFAULT_MAX_TOKEN_LIFETIME_SECONDS = 86_400;

export interface TokenVerifyOptions {
  /** Refuses a token whose exp - iat, or exp - now, is longer than this (default one day). */
  maxLifetimeSeconds?: number;
}

export type TokenCheck =
  { ok: true; claims: PlayerClaims } | { ok: false; code: TokenErrorCode; message: string };

const claimsSchema = z
  .object({
    playerId: z.string().min(1).max(128),
    operatorId: z.string().min(1).max(128),
    currency: z.string().regex(/^[A-Z]{3}$/),
    exp: z.number().int().positive(),
    iat: z.number().int().nonnegative().optional(),
    sid: z.string().min(1).max(64).optional(),
    nickname: z.string().min(1).max(32).optional(),
    origins: z
      .array(z.string().refine(isOperatorOriginPattern, 'not an origin pattern'))
      .min(1)
      .max(MAX_TOKEN_ORIGINS)
      .optional(),
    fun: z.literal(true).optional(),
    country: z.string().refine(isCountryCode, 'country: not an ISO 3166-1 alpha-2 country code').optional(),
  })
  .strict()
  .refine(
    (c) => (c.fun === true) === isFunOperatorId(c.operatorId),
    'fun and a play-money operator go together',
  );

function mac(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(payload, 'utf8').digest();
}

/**
 * A compact signed token: base64url(JSON claims) + '.' + base64url(HMAC-SHA256(secret, first part)).
 * Not a JWT on purpose: one algorithm, no header to negotiate, nothing to misconfigure.
 */
export function signPlayerToken(claims: PlayerClaims, secret: string): string {
  const parsed = claimsSchema.parse(claims);
  const payload = Buffer.from(JSON.stringify(parsed), 'utf8').toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/**
 * Checks the signature first, in constant time on its canonical encoding (a signature spelled differently but
 * decoding to the same bytes is refused), then shape, then expiry against `nowMs`, then lifetime: a token whose
 * exp lies further than `maxLifetimeSeconds` after its iat or after now is refused (a leaked key or a forged
 * token must not give a session that outlives every revocation list; docs/kafka-security.md).
 */
export function verifyPlayerToken(
  token: unknown,
  secret: string,
  nowMs = Date.now(),
  options: TokenVerifyOptions = {},
): TokenCheck {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH)
    return fail('TOKEN_MALFORMED', 'token must be a string');
  const parts = token.split('.');
  if (parts.length !== 2 || parts[0] === '' || parts[1] === '') {
    return fail('TOKEN_MALFORMED', 'token must be <payload>.<signature>');
  }
  const [payload, signature] = parts;
  const expected = Buffer.from(mac(payload, secret).toString('base64url'), 'utf8');
  const given = Buffer.from(signature, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return fail('TOKEN_BAD_SIGNATURE', 'token signature does not match');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return fail('TOKEN_MALFORMED', 'token payload is not JSON');
  }
  const claims = claimsSchema.safeParse(raw);
  if (!claims.success)
    return fail('TOKEN_MALFORMED', `token claims invalid: ${claims.error.issues[0]?.message}`);
  const { exp, iat } = claims.data;
  if (exp * 1000 <= nowMs) return fail('TOKEN_EXPIRED', 'token has expired');
  const maxLifetime = options.maxLifetimeSeconds ?? DEFAULT_MAX_TOKEN_LIFETIME_SECONDS;
  if ((iat !== undefined && exp - iat > maxLifetime) || exp * 1000 - nowMs > maxLifetime * 1000)
    return fail('TOKEN_LIFETIME_TOO_LONG', `token lives longer than ${maxLifetime} s`);
  return { ok: true, claims: claims.data };
}

/** Convenience for demos and tests: a token issued now (`iat`), valid for `ttlSeconds` from now. */
export function mintPlayerToken(
  player: Omit<PlayerClaims, 'exp' | 'iat'>,
  secret: string,
  ttlSeconds = 3600,
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  return signPlayerToken({ ...player, iat, exp: iat + ttlSeconds }, secret);
}

function fail(code: TokenErrorCode, message: string): TokenCheck {
  return { ok: false, code, message };
}
