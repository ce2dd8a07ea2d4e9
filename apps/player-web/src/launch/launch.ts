import { isGameId, type GameId } from '@casino/games';
import { isLanguage, Language, DEFAULT_LANGUAGE } from '../i18n/languages';

/** A game of the platform's registry (@casino/games). */
export type Game = GameId;

/** What the operator's launch URL says: LOBBY_URL?token=…&language=…&game=…&table=… */
export interface Launch {
  token: string | null;
  language: Language;
  game: Game | null;
  tableId: string | null;
  /** From the token's payload, for display only (the services verify the token). */
  currency: string;
  nickname: string | null;
  expiresAt: number | null;
  /** When the launch issued the token (its `iat`, ms): the start of the play session's clock; null without one. */
  issuedAt: number | null;
  /** `operator/player` from the token, to keep this player's own settings (sound) in the browser; display only. */
  playerKey: string | null;
  /**
   * A fun-mode session (the token's `fun` claim: play money from the operator's play-money book). Only the token
   * says so, never the address bar alone, so the header never calls real money play money.
   */
  fun: boolean;
}

const TABLE_ID = /^[A-Za-z0-9._~-]{1,64}$/;

interface TokenPayload {
  operatorId?: unknown;
  playerId?: unknown;
  currency?: unknown;
  nickname?: unknown;
  exp?: unknown;
  iat?: unknown;
  fun?: unknown;
}

/** The token's payload (base64url JSON before the signature); never trusted, only shown. */
export function tokenPayload(token: string): TokenPayload {
  try {
    const body = token.split('.')[0] ?? '';
    const json = atob(body.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const parsed: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof parsed === 'object' && parsed !== null ? (parsed as TokenPayload) : {};
  } catch {
    return {};
  }
}

export function parseLaunch(search: string): Launch {
  const params = new URLSearchParams(search);
  const token = params.get('token');
  const language = params.get('language') ?? params.get('lang') ?? '';
  const game = params.get('game');
  const table = params.get('table');
  const payload = token ? tokenPayload(token) : {};
  return {
    token: token && token.length <= 4096 ? token : null,
    language: isLanguage(language) ? language : DEFAULT_LANGUAGE,
    game: isGameId(game) ? game : null,
    tableId: table && TABLE_ID.test(table) ? table : null,
    currency:
      typeof payload.currency === 'string' && /^[A-Z]{3}$/.test(payload.currency) ? payload.currency : 'EUR',
    nickname: typeof payload.nickname === 'string' ? payload.nickname.slice(0, 40) : null,
    expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
    issuedAt: typeof payload.iat === 'number' ? payload.iat * 1000 : null,
    playerKey:
      typeof payload.operatorId === 'string' && typeof payload.playerId === 'string'
        ? `${payload.operatorId.slice(0, 64)}/${payload.playerId.slice(0, 64)}`
        : null,
    fun: payload.fun === true,
  };
}

/** Keeps the open table in the address bar, so a reload comes back to it. */
export function rememberTable(game: Game | null, tableId: string | null): void {
  const url = new URL(window.location.href);
  if (game && tableId) {
    url.searchParams.set('game', game);
    url.searchParams.set('table', tableId);
  } else {
    url.searchParams.delete('game');
    url.searchParams.delete('table');
  }
  window.history.replaceState(null, '', url);
}
