import { createHmac, randomUUID } from 'node:crypto';
import { LaunchedPlayer } from './messages';

/** An operator's credential for the ledger's signed API (docs/operator-integration.md). */
export interface OperatorKey {
  operatorId: string;
  keyId: string;
  secret: string;
}

/**
 * A signed request, sent again after a network error (a kept-alive connection the server closed meanwhile; a
 * deposit is idempotent by its transaction id, a second launch is just one more session).
 */
async function signed<T>(ledgerUrl: string, key: OperatorKey, path: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await signedOnce<T>(ledgerUrl, key, path, body);
    } catch (err) {
      if (!(err instanceof TypeError) || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * attempt));
    }
  }
}

/** One signed request: HMAC-SHA256 over method, path, timestamp, request id and raw body. */
async function signedOnce<T>(ledgerUrl: string, key: OperatorKey, path: string, body: unknown): Promise<T> {
  const raw = JSON.stringify(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID();
  const signature = createHmac('sha256', key.secret)
    .update(`POST\n${path}\n${timestamp}\n${requestId}\n${raw}`)
    .digest('hex');
  const res = await fetch(ledgerUrl + path, {
    method: 'POST',
    headers: {
      'X-Casino-Key': key.keyId,
      'X-Casino-Timestamp': timestamp,
      'X-Casino-Request-Id': requestId,
      'X-Casino-Signature': signature,
      'Content-Type': 'application/json',
    },
    body: raw,
  });
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Funds each player with a signed deposit, as an operator's site does, and with `launch` launches a session for
 * them (the launch's token is what the player's socket presents). `concurrency` players at a time.
 */
export async function onboardPlayers(
  ledgerUrl: string,
  key: OperatorKey,
  playerIds: readonly string[],
  amount: bigint,
  launch: boolean,
  concurrency = 32,
): Promise<LaunchedPlayer[]> {
  const out: LaunchedPlayer[] = new Array(playerIds.length);
  let next = 0;
  const lane = async () => {
    while (next < playerIds.length) {
      const i = next++;
      const playerId = playerIds[i];
      await signed(ledgerUrl, key, `/v1/players/${encodeURIComponent(playerId)}/deposits`, {
        transactionId: `bench-funding-${playerId}`,
        currency: 'EUR',
        amount: amount.toString(),
      });
      const token = launch
        ? (
            await signed<{ token: string }>(ledgerUrl, key, '/v1/sessions', {
              playerId,
              currency: 'EUR',
              game: 'baccarat',
              nickname: playerId,
            })
          ).token
        : '';
      out[i] = { playerId, token };
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, playerIds.length) }, lane));
  return out;
}
