// The lobby's wire contract (GET /api/tables, GET /api/me, the /lobby socket namespace): the lobby service sends
// it, the player web client reads it. Money is a decimal string of minor units; times are ms since the epoch.

import type { GameId } from '@casino/games';

/** A game of the platform's registry (@casino/games): the lobby lists every registered game's tables. */
export type LobbyGame = GameId;

export interface LobbyLimits {
  /** The smallest minimum of the table's bets. */
  min: string;
  /** The largest maximum of the table's bets. */
  max: string;
}

/** One baccarat round as the roads read it. */
export interface LobbyBaccaratResult {
  roundId: string;
  winner: 'player' | 'banker' | 'tie';
  playerTotal: number;
  bankerTotal: number;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface LobbyRouletteResult {
  roundId: string;
  pocket: number;
  colour: 'red' | 'black' | 'green';
}

/**
 * One round of a studio game (apps/studio-games-service) as its tile shows it, the service's history entry's own
 * fields: a two-card game's outcome (`first`, `second`, `tie`: its definition's), Sic Bo's dice, Fan Tan's result.
 */
export interface LobbyStudioResult {
  roundId: string;
  winner?: 'first' | 'second' | 'tie';
  dice?: number[];
  result?: number;
}

export interface LobbyBlackjackSeat {
  seat: number;
  name: string;
}

/** A table as the lobby lists it. */
export interface LobbyTable {
  tableId: string;
  game: LobbyGame;
  /** baccarat: commission | no-commission | rng; roulette: european; blackjack: the blackjack payout ("3:2"). */
  variant: string;
  /**
   * Blackjack: the variant name of a table whose rules depart from the operators' rules ("H17 6:5",
   * docs/rules/blackjack.md#variants); null for a table that follows them and for the other games.
   */
  rulesVariant: string | null;
  /** Blackjack: the table's house edge for basic strategy (a fraction of the stake); null where not given. */
  houseEdge: number | null;
  name: string;
  /** The studio dealer's name; null for an automatic table. */
  dealerName: string | null;
  dealer: 'auto' | 'studio';
  currency: string;
  limits: LobbyLimits;
  /** Every bet's limits as the service states them (bet type → {min, max}). */
  betLimits: Record<string, LobbyLimits>;
  /**
   * The other currencies the table takes, each with its own limits in its own minor units
   * (docs/ledger.md#currencies-per-table); absent: the table takes `currency` only.
   */
  currencies?: Record<string, { limits: LobbyLimits; betLimits: Record<string, LobbyLimits> }>;
  /** The game service's phase (betting, dealing, spinning, result, …); `single-player` for RNG baccarat. */
  phase: string;
  roundId: string | null;
  /** Betting closes at (while betting). */
  closesAt: number | null;
  /** The service's clock when the row was read, to correct the countdown for clock skew. */
  serverTime: number | null;
  /** Where the browser opens this table's game socket. */
  serviceUrl: string;
  /** False while the lobby cannot reach the table's service. */
  online: boolean;
  /** Players with the table open; null when the service does not say. */
  players: number | null;
  /** Blackjack: seats taken this round. */
  seats: LobbyBlackjackSeat[];
  /** Blackjack: the dealer's up card, once dealt. */
  dealerUpCard: string | null;
  /** Baccarat: this shoe's results so far, oldest first. */
  baccaratResults: LobbyBaccaratResult[];
  /** Roulette: the last 100 pockets, oldest first. */
  rouletteResults: LobbyRouletteResult[];
  /**
   * The studio games: Dragon Tiger's and Football Studio's results of the shoe in play, Sic Bo's and Fan Tan's last
   * ones, oldest first (absent from a lobby that predates them).
   */
  studioResults?: LobbyStudioResult[];
  shoeId: string | null;
}

/** `lobby:snapshot`, sent on connection: every table. */
export interface LobbySnapshot {
  tables: LobbyTable[];
  at: number;
}

/** `lobby:changed`: the tables whose row changed since the last push. */
export interface LobbyChanges {
  tables: LobbyTable[];
  at: number;
}

export const LOBBY_NAMESPACE = '/lobby';

/** What the lobby sends on its `/lobby` namespace. */
export const LOBBY_MESSAGES = {
  snapshot: 'lobby:snapshot',
  changed: 'lobby:changed',
} as const;

/** Each lobby message's payload, by name. */
export interface LobbyPayloads {
  'lobby:snapshot': LobbySnapshot;
  'lobby:changed': LobbyChanges;
}

/** `GET /api/me`: the launched player's balance in the token's currency. */
export interface LobbyPlayer {
  currency: string;
  /** Cash, minor units. */
  balance: string;
  nickname: string | null;
  /** Bonus funds to play, apart from the cash (absent when the player never had a bonus; docs/ledger.md#bonus-funds). */
  bonus?: string;
  /** The active bonus's wagering progress: turnover counted toward its requirement (minor units), and its expiry. */
  wagering?: { wagered: string; requirement: string; expiresAt: string };
}

/**
 * The limits a player of `currency` sees on a table's tile: those of their currency where the table takes it with
 * its own limits, else the table's own (in the table's currency).
 */
export function lobbyLimitsFor(
  table: Pick<LobbyTable, 'currency' | 'limits' | 'currencies'>,
  currency: string,
): { currency: string; limits: LobbyLimits } {
  const other = currency === table.currency ? undefined : table.currencies?.[currency];
  return other ? { currency, limits: other.limits } : { currency: table.currency, limits: table.limits };
}
