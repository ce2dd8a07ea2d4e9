import type { PlayerHistoryPage, PlayerRoundDetails } from '@packages/player-protocol/src/index';
import type { Game } from '../launch/launch';

/** The ledger's player history views (the protocol package holds them for both sides). */
export type {
  PlayerBetView as HistoryBet,
  PlayerRoundSummary as HistoryRound,
  PlayerRoundDetails as RoundDetails,
  PlayerHistoryPage as HistoryPage,
} from '@packages/player-protocol/src/index';

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
): Promise<PlayerHistoryPage> {
  const q = new URLSearchParams({ game, limit: String(limit) });
  if (before) q.set('before', before);
  return getJson(`/api/history?${q.toString()}`, token);
}

export function fetchRound(token: string, tableId: string, roundId: string): Promise<PlayerRoundDetails> {
  return getJson(`/api/rounds/${encodeURIComponent(tableId)}/${encodeURIComponent(roundId)}`, token);
}

const LINK_PARAMS = ['operator', 'player', 'table', 'round', 'exp', 'sig'] as const;

/** The round an operator's signed link names (the page's own query string), without a player token. */
export function fetchRoundByLink(search: string): Promise<PlayerRoundDetails> {
  const given = new URLSearchParams(search);
  const q = new URLSearchParams();
  for (const k of LINK_PARAMS) q.set(k, given.get(k) ?? '');
  return getJson(`/api/round-links?${q.toString()}`, null);
}
