import type { ComponentType } from 'react';
import type { TFunction } from 'i18next';
import type { GameId } from '@casino/games';
import type { LobbyTable } from '@packages/player-protocol/src/index';
import type { Translate } from '../i18n/translate';

/** What a game's history views translate with (history-strings' `t`). */
export type HistoryT = Translate;

/**
 * What this client needs to show one game (docs/architecture.md, "Adding a game"): its table view, its lobby
 * tile's variant line and live preview, and its round history's bet names and result. A registered game without
 * one is listed, its tile saying it is not available on this client.
 */
export interface GameClient<G extends GameId = GameId> {
  readonly game: G;
  /** The table, opened from the lobby (or the launch URL). */
  readonly TableView: ComponentType<{ table: LobbyTable; token: string }>;
  /** The tile's variant line (commission, "Blackjack pays 3:2 · house edge …"). */
  readonly tileVariant: (table: LobbyTable, t: TFunction, locale: string) => string;
  /** The tile's live preview (roads, the last pockets, seats); null for none. */
  readonly TilePreview: ComponentType<{ table: LobbyTable }> | null;
  /** A bet of the player's history in their words ("Player", "Straight 17", "Seat 2 · Double"). */
  readonly betName: (t: HistoryT, bet: Record<string, unknown>) => string;
  /** A round's result in the history (its cards, its pocket). */
  readonly ResultView: ComponentType<{ result: Record<string, unknown>; t: HistoryT }>;
}
