import { GAME_IDS, gameDefinition, type GameId, type GameService } from '@casino/games';
import { requestJson, seg } from '../api/http';

// The game services' dealer API (docs/dealers.md, docs/services.md "Dealer console"): a per-dealer login, then
// commands on the dealer's tables with its bearer token. The services answer CORS for any origin.

/** A game of the platform's registry (@casino/games); the console offers every one. */
export type Game = GameId;
export const GAMES: readonly Game[] = GAME_IDS;

export interface DealerSession {
  game: Game;
  serviceUrl: string;
  token: string;
  expiresAt: string;
  dealer: { dealerId: string; displayName: string; tables: string[] };
}

/**
 * The development default HTTP ports of the game services (their configs' HTTP_PORT default), keyed by the
 * service of the games' definitions; a service without one is reached through `?<game>=http://…` only.
 */
const DEFAULT_PORTS: { readonly [S in GameService]?: number } = {
  baccarat: 3101,
  blackjack: 3102,
  roulette: 3103,
  'studio-games': 3106,
};

/**
 * A game service's address: `?baccarat=http://…` (or its service's name: `?studio-games=http://…`, one address
 * for the games one service runs) on the page's URL, else the service's default port on this host; null for a
 * game with neither (its console says so).
 */
export function serviceUrlFor(
  game: Game,
  search = window.location.search,
  location = window.location,
): string | null {
  const service = gameDefinition(game).service;
  const params = new URLSearchParams(search);
  const given = params.get(game) ?? params.get(service);
  if (given && /^https?:\/\/[^\s/]+$/.test(given)) return given;
  const port = DEFAULT_PORTS[service];
  return port === undefined ? null : `${location.protocol}//${location.hostname}:${port}`;
}

export async function login(
  game: Game,
  serviceUrl: string,
  dealerId: string,
  password: string,
): Promise<DealerSession> {
  const answer = await requestJson<Omit<DealerSession, 'game' | 'serviceUrl'>>(
    `${serviceUrl}/dealer/login`,
    null,
    {
      method: 'POST',
      body: { dealerId, password },
    },
  );
  return { ...answer, game, serviceUrl };
}

export function command(
  session: DealerSession,
  tableId: string,
  action: string,
  body: unknown = {},
): Promise<unknown> {
  return requestJson(`${session.serviceUrl}/dealer/tables/${seg(tableId)}/${seg(action)}`, session.token, {
    method: 'POST',
    body,
  });
}

/** The table's public view (phase, timers, the round and its cards): the lobby's read route of the service. */
export function tableView(session: DealerSession, tableId: string): Promise<Record<string, unknown>> {
  return requestJson(`${session.serviceUrl}/tables/${seg(tableId)}`, null);
}

/** All the service's tables (a pit boss's `*` stands for every one of them). */
export async function serviceTables(session: DealerSession): Promise<string[]> {
  const rows = await requestJson<{ tableId?: string; id?: string }[]>(`${session.serviceUrl}/tables`, null);
  return rows.map((r) => r.tableId ?? r.id ?? '').filter(Boolean);
}

const CARD = /^(?:[2-9TJQKA]|10)[SHDC]$/;

/** A scanned or typed card as the service expects it ("as" → "AS", "10h" → "TH"), or null when not a card. */
export function normaliseCard(input: string): string | null {
  const text = input.trim().toUpperCase();
  if (!CARD.test(text)) return null;
  return text.startsWith('10') ? `T${text[2]}` : text;
}
