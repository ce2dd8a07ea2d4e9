import { createHmac, randomUUID } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** An operator's credential for the ledger's signed API (docs/operator-integration.md). */
export interface OperatorKey {
  operatorId: string;
  keyId: string;
  secret: string;
}

/** Creates an operator with the ledger's admin command, as an operator's onboarding does; returns its first key. */
export function createOperator(
  root: string,
  env: Record<string, string>,
  operator: { id: string; name: string; currencies: string[] },
): OperatorKey {
  const args = [
    'create',
    '--id',
    operator.id,
    '--name',
    operator.name,
    '--currencies',
    operator.currencies.join(','),
  ];
  const run = spawnSync(process.execPath, [join(root, 'apps/bet-ledger/dist/cli/operator.js'), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0)
    throw new Error(`creating operator ${operator.id} failed: ${run.stderr || run.stdout}`);
  return JSON.parse(run.stdout) as OperatorKey;
}

/** One signed request: HMAC-SHA256 over method, path with query, timestamp, request id and raw body. */
export async function signedRequest<T>(
  ledgerUrl: string,
  key: OperatorKey,
  method: 'GET' | 'POST' | 'DELETE' | 'PATCH' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
  const raw = body === undefined ? '' : JSON.stringify(body);
  const timestamp = String(Date.now());
  const requestId = randomUUID();
  const signature = createHmac('sha256', key.secret)
    .update(`${method}\n${path}\n${timestamp}\n${requestId}\n${raw}`)
    .digest('hex');
  const res = await fetch(ledgerUrl + path, {
    method,
    headers: {
      'X-Casino-Key': key.keyId,
      'X-Casino-Timestamp': timestamp,
      'X-Casino-Request-Id': requestId,
      'X-Casino-Signature': signature,
      ...(raw ? { 'Content-Type': 'application/json' } : {}),
    },
    body: raw || undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** A table as the operator's catalogue lists it (`GET /v1/tables`, docs/operator-integration.md#catalogue). */
export interface CatalogueTable {
  tableId: string;
  game: string;
  variant: string;
  dealer: 'studio' | 'auto';
  currency: string;
  status: 'open' | 'closed';
}

/** The catalogue's tables in one of the operator's currencies, as an operator's lobby reads them. */
export async function listTables(
  ledgerUrl: string,
  key: OperatorKey,
  currency: string,
): Promise<CatalogueTable[]> {
  const path = `/v1/tables?currency=${encodeURIComponent(currency)}`;
  return (await signedRequest<{ items: CatalogueTable[] }>(ledgerUrl, key, 'GET', path)).items;
}

/**
 * The launch options an operator's site sends with each player (docs/operator-integration.md#launch-options): the
 * client's back and deposit buttons lead to them.
 */
export const LAUNCH_OPTIONS = {
  lobbyUrl: 'https://casino.example/live-casino',
  cashierUrl: 'https://casino.example/cashier',
  country: 'MT',
  device: 'desktop',
} as const;

/** A player the demo seats: at the table the catalogue gave, launched with the operator's options. */
export interface DemoPlayer {
  playerId: string;
  currency: string;
  amount: bigint;
  game: string;
  tableId: string;
}

/** The signed launch of a player's session at their table. */
export function launchSession(
  ledgerUrl: string,
  key: OperatorKey,
  player: DemoPlayer,
): Promise<{ token: string }> {
  return signedRequest<{ token: string }>(ledgerUrl, key, 'POST', '/v1/sessions', {
    playerId: player.playerId,
    currency: player.currency,
    game: player.game,
    tableId: player.tableId,
    nickname: player.playerId.replace(/^demo-/, ''),
    ...LAUNCH_OPTIONS,
  });
}

/** Funds a player with a signed deposit (idempotent per transaction id) and launches a session for them. */
export async function onboardPlayer(
  ledgerUrl: string,
  key: OperatorKey,
  player: DemoPlayer,
): Promise<{ token: string }> {
  const path = `/v1/players/${encodeURIComponent(player.playerId)}`;
  await signedRequest(ledgerUrl, key, 'POST', `${path}/deposits`, {
    transactionId: `demo-funding-${player.playerId}`,
    currency: player.currency,
    amount: player.amount.toString(),
  });
  return launchSession(ledgerUrl, key, player);
}
