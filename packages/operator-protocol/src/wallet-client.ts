import { randomUUID } from 'node:crypto';
import { PostAnswer, PostFailed, postJson } from './http-post';
import {
  encodeWalletCall,
  WALLET_CALL_PATHS,
  WalletAnswer,
  walletAnswerSchema,
  WalletCall,
  WalletCallBodies,
} from './seamless-wallet';
import { responseSignatureMatches, SIGNATURE_HEADERS, signRequest, timestampFresh } from './signature';

export interface WalletEndpoint {
  /** The operator wallet's base URL (its calls are under /wallet/…). */
  baseUrl: string;
  keyId: string;
  secret: string;
}

/**
 * What a call came to. `unknown` is everything that is not a signed, well-formed answer — a timeout, a dropped
 * connection, a 5xx, an answer with a bad signature — and is never a success: the money may or may not have moved.
 */
export type WalletOutcome = { kind: 'answered'; answer: WalletAnswer } | { kind: 'unknown'; reason: string };

/** Calls an operator's wallet once: signs the call, checks the answer's signature, never throws. */
export async function callOperatorWallet<C extends WalletCall>(
  endpoint: WalletEndpoint,
  call: C,
  body: WalletCallBodies[C],
  timeoutMs: number,
): Promise<WalletOutcome> {
  const path = WALLET_CALL_PATHS[call];
  const raw = encodeWalletCall<C>(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID();
  const signature = signRequest(endpoint.secret, {
    method: 'POST',
    pathWithQuery: path,
    timestamp,
    requestId,
    body: raw,
  });
  let answer: PostAnswer;
  try {
    answer = await postJson(
      endpoint.baseUrl.replace(/\/+$/, '') + path,
      {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.key]: endpoint.keyId,
        [SIGNATURE_HEADERS.timestamp]: timestamp,
        [SIGNATURE_HEADERS.requestId]: requestId,
        [SIGNATURE_HEADERS.signature]: signature,
      },
      raw,
      timeoutMs,
    );
  } catch (err) {
    return { kind: 'unknown', reason: err instanceof PostFailed ? err.reason : `network: ${String(err)}` };
  }
  const { status, text } = answer;
  const answeredAt = answer.header(SIGNATURE_HEADERS.timestamp);
  const answerSignature = answer.header(SIGNATURE_HEADERS.signature);
  if (
    !timestampFresh(answeredAt, Date.now()) ||
    !responseSignatureMatches(
      endpoint.secret,
      { requestId, timestamp: answeredAt, body: text },
      answerSignature,
    )
  )
    return { kind: 'unknown', reason: `HTTP ${status} without a valid answer signature` };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'unknown', reason: `HTTP ${status}: signed answer is not JSON` };
  }
  const parsed = walletAnswerSchema.safeParse(json);
  if (!parsed.success)
    return { kind: 'unknown', reason: `HTTP ${status}: signed answer of an unknown shape` };
  return { kind: 'answered', answer: parsed.data };
}
