import { randomUUID } from 'node:crypto';
import { signRequest } from '@casino/operator-protocol';
import { IssuedKey } from '../../src/use-cases/manage-operators/manage-operators.use-case';

export interface SignedAnswer<B> {
  status: number;
  body: B;
}

/** What a test may change after signing, to play a forger: headers, the body the signature covered, the time. */
export interface Tamper {
  headers?: Record<string, string | undefined>;
  signedBody?: string;
  timestamp?: string;
}

/** One request to the ledger's signed /v1 API at `baseUrl`, as an operator's client sends it. */
export async function signedCall<B = Record<string, unknown>>(
  baseUrl: string,
  key: IssuedKey,
  method: string,
  path: string,
  body?: unknown,
  tamper: Tamper = {},
): Promise<SignedAnswer<B>> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = tamper.timestamp ?? String(Date.now());
  const requestId = randomUUID();
  const signature = signRequest(key.secret, {
    method,
    pathWithQuery: path,
    timestamp,
    requestId,
    body: tamper.signedBody ?? raw,
  });
  const headers: Record<string, string> = {
    'x-casino-key': key.keyId,
    'x-casino-timestamp': timestamp,
    'x-casino-request-id': requestId,
    'x-casino-signature': signature,
    ...(raw ? { 'content-type': 'application/json' } : {}),
  };
  for (const [k, v] of Object.entries(tamper.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const res = await fetch(baseUrl + path, { method, headers, body: raw || undefined });
  return { status: res.status, body: (await res.json()) as B };
}
