import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a signed operator request. */
export const SIGNATURE_HEADERS = {
  key: 'x-casino-key',
  timestamp: 'x-casino-timestamp',
  requestId: 'x-casino-request-id',
  signature: 'x-casino-signature',
} as const;

/** How far a request's timestamp may be from the ledger's clock. */
export const MAX_CLOCK_SKEW_MS = 5 * 60_000;

export interface SignedRequest {
  method: string;
  /** Path with its query string, exactly as sent (e.g. `/v1/players/42/transactions?limit=10`). */
  pathWithQuery: string;
  /** Unix milliseconds, as the decimal string sent in X-Casino-Timestamp. */
  timestamp: string;
  requestId: string;
  /** The raw body bytes ('' for none). */
  body: string | Buffer;
}

/** `${METHOD}\n${path with query}\n${timestamp}\n${requestId}\n${raw body}`: what the signature covers. */
export function canonicalRequest(r: SignedRequest): Buffer {
  const head = `${r.method.toUpperCase()}\n${r.pathWithQuery}\n${r.timestamp}\n${r.requestId}\n`;
  return Buffer.concat([
    Buffer.from(head, 'utf8'),
    typeof r.body === 'string' ? Buffer.from(r.body) : r.body,
  ]);
}

/** Lowercase hex HMAC-SHA256(secret, canonical request). */
export function signRequest(secret: string, r: SignedRequest): string {
  return createHmac('sha256', secret).update(canonicalRequest(r)).digest('hex');
}

/** Compares in constant time (a signature of another length or not lowercase hex never matches). */
export function signatureMatches(secret: string, r: SignedRequest, given: string): boolean {
  const expected = Buffer.from(signRequest(secret, r), 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a timestamp header is a Unix-ms integer within MAX_CLOCK_SKEW_MS of `nowMs`. */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^[0-9]{1,16}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs) <= MAX_CLOCK_SKEW_MS;
}
