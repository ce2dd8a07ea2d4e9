import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers of a signed operator request. */
export const SIGNATURE_HEADERS = {
  key: 'x-casino-key',
  timestamp: 'x-casino-timestamp',
  requestId: 'x-casino-request-id',
  signature: 'x-casino-signature',
} as const;

/** How far a request's timestamp may be from the receiver's clock. */
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
  return sameSignature(signRequest(secret, r), given);
}

function sameSignature(expectedHex: string, given: string): boolean {
  const expected = Buffer.from(expectedHex, 'utf8');
  const actual = Buffer.from(given, 'utf8');
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether a timestamp header is a Unix-ms integer within MAX_CLOCK_SKEW_MS of `nowMs`. */
export function timestampFresh(timestamp: string, nowMs: number): boolean {
  if (!/^[0-9]{1,16}$/.test(timestamp)) return false;
  return Math.abs(Number(timestamp) - nowMs) <= MAX_CLOCK_SKEW_MS;
}

/**
 * What an answer's signature covers: `RESPONSE\n${requestId of the request answered}\n${timestamp}\n${raw body}`.
 * Binding the request id stops a recorded answer from being replayed as the answer to another call.
 */
export interface SignedResponse {
  requestId: string;
  timestamp: string;
  body: string | Buffer;
}

function canonicalResponse(r: SignedResponse): Buffer {
  return Buffer.concat([
    Buffer.from(`RESPONSE\n${r.requestId}\n${r.timestamp}\n`, 'utf8'),
    typeof r.body === 'string' ? Buffer.from(r.body) : r.body,
  ]);
}

/** Lowercase hex HMAC-SHA256(secret, canonical response). */
export function signResponse(secret: string, r: SignedResponse): string {
  return createHmac('sha256', secret).update(canonicalResponse(r)).digest('hex');
}

/** Constant-time check of an answer's signature. */
export function responseSignatureMatches(secret: string, r: SignedResponse, given: string): boolean {
  return sameSignature(signResponse(secret, r), given);
}
