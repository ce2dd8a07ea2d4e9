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
import { WALLET_V2_CALL_PATHS, WalletV2Call, WalletV2CallBodies } from './seamless-wallet-v2';
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
  return postWalletCall(endpoint, WALLET_CALL_PATHS[call], encodeWalletCall<C>(body), timeoutMs);
}

/** A version 2 call (seamless-wallet-v2.ts), signed and answered as a v1 call is. */
export async function callOperatorWalletV2<C extends WalletV2Call>(
  endpoint: WalletEndpoint,
  call: C,
  body: WalletV2CallBodies[C],
  timeoutMs: number,
): Promise<WalletOutcome> {
  return postWalletCall(endpoint, WALLET_V2_CALL_PATHS[call], encodeWalletCall(body), timeoutMs);
}

async function postWalletCall(
  endpoint: WalletEndpoint,
  path: string,
  raw: string,
  timeoutMs: number,
): Promise<WalletOutcome> {
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
