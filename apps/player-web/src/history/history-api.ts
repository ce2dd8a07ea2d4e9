import type { Game } from '../launch/launch';

/** One of the player's bets in a round (the ledger's player history view). */
export interface HistoryBet {
  betId: string;
  bet: Record<string, unknown>;
  stake: string;
  status: string;
  returned: string | null;
  outcome: string | null;
  acceptedAt: string;
}

export interface HistoryRound {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: string;
  openedAt: string;
  finishedAt: string | null;
  staked: string;
  returned: string;
  result: Record<string, unknown> | null;
}

export interface RoundReveal {
  order: string[];
  salt: string;
  verified: boolean;
  problemCode: string | null;
  revealedAt: string;
}

export interface RoundDetails extends HistoryRound {
  closedAt: string | null;
  voidReason: string | null;
  bets: HistoryBet[];
  shoe: { shoeId: string; hash: string | null; reveal: RoundReveal | null } | null;
}

export interface HistoryPage {
  items: HistoryRound[];
  nextBefore: string | null;
}

/** Why a read failed: the ledger's code (UNAUTHENTICATED, ROUND_LINK_EXPIRED, …) or NETWORK. */
export class HistoryError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

async function getJson<T>(url: string, token: string | null): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new HistoryError('NETWORK');
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const code = (body as { code?: unknown } | null)?.code;
    throw new HistoryError(typeof code === 'string' ? code : `HTTP_${res.status}`);
  }
  return body as T;
}

/** The player's rounds at one game, newest first (`before`: the previous page's nextBefore). */
export function fetchHistory(
  token: string,
  game: Game,
  before: string | null,
  limit = 20,
): Promise<HistoryPage> {
  const q = new URLSearchParams({ game, limit: String(limit) });
  if (before) q.set('before', before);
  return getJson(`/api/history?${q.toString()}`, token);
}

export function fetchRound(token: string, tableId: string, roundId: string): Promise<RoundDetails> {
  return getJson(`/api/rounds/${encodeURIComponent(tableId)}/${encodeURIComponent(roundId)}`, token);
}

const LINK_PARAMS = ['operator', 'player', 'table', 'round', 'exp', 'sig'] as const;

/** The round an operator's signed link names (the page's own query string), without a player token. */
export function fetchRoundByLink(search: string): Promise<RoundDetails> {
  const given = new URLSearchParams(search);
  const q = new URLSearchParams();
  for (const k of LINK_PARAMS) q.set(k, given.get(k) ?? '');
  return getJson(`/api/round-links?${q.toString()}`, null);
}
