/** The player's responsible-gambling routes, relayed by the lobby to the ledger with the player's token. */
export interface PlayerGambling {
  coolingOffUntil: string | null;
  realityCheckMinutes: number | null;
  playerLimits: boolean;
  /** The limit on this session's length the ledger enforces (SESSION_TIME_LIMIT), or null. */
  sessionTimeLimit: { minutes: number; endsAt: string } | null;
  limits: Record<
    string,
    { current: string | null; pending?: { amount: string | null; effectiveAt: string } }
  >;
}

async function call<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(path, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer: unknown = await res.json().catch(() => null);
  if (!res.ok) throw new Error(String((answer as { code?: unknown } | null)?.code ?? res.status));
  return answer as T;
}

export const fetchGambling = (token: string) =>
  call<PlayerGambling>(token, 'GET', '/api/responsible-gambling');

export const takeBreak = (token: string, hours: number) =>
  call<PlayerGambling>(token, 'POST', '/api/cooling-off', { hours });

export const setOwnLimits = (
  token: string,
  limits: { dailyLoss?: string | null; maxStake?: string | null; sessionMinutes?: number },
) => call<PlayerGambling>(token, 'PUT', '/api/limits', limits);

/** The player's settled rounds, newest first, any game (for the settlements a reconnection missed). */
export async function recentRounds(token: string, limit = 10): Promise<unknown[]> {
  const page = await call<{ items?: unknown }>(token, 'GET', `/api/history?limit=${limit}`);
  return Array.isArray(page.items) ? page.items : [];
}
