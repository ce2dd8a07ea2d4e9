import { useEffect, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  LOBBY_MESSAGES,
  LOBBY_NAMESPACE,
  type LobbyServerEvents,
  type LobbyTable,
} from '@packages/player-protocol/src/index';
import { isGameId } from '@casino/games';
import { arr, obj } from './game-connection';

export type { LobbyTable };

export interface LobbyState {
  tables: LobbyTable[];
  loaded: boolean;
  connected: boolean;
}

/** A row from the lobby, checked for the fields the client relies on (a game of the registry, with or without a
 * view on this client). */
export function isTable(value: unknown): value is LobbyTable {
  const t = obj(value);
  return (
    typeof t.tableId === 'string' &&
    isGameId(t.game) &&
    typeof t.serviceUrl === 'string' &&
    typeof t.currency === 'string' &&
    typeof obj(t.limits).min === 'string' &&
    Array.isArray(t.baccaratResults) &&
    Array.isArray(t.rouletteResults) &&
    Array.isArray(t.seats)
  );
}

/** Every table of the platform, live: the lobby service's `/lobby` namespace on this page's origin. */
export function useLobby(): LobbyState {
  const [state, setState] = useState<LobbyState>({ tables: [], loaded: false, connected: false });
  useEffect(() => {
    const socket: Socket<LobbyServerEvents> = io(LOBBY_NAMESPACE, {
      transports: ['websocket'],
      reconnectionDelayMax: 3000,
    });
    socket.on('connect', () => setState((s) => ({ ...s, connected: true })));
    socket.on('disconnect', () => setState((s) => ({ ...s, connected: false })));
    // Typed by the protocol, still checked row by row: the client never trusts a payload's shape.
    socket.on(LOBBY_MESSAGES.snapshot, (payload) => {
      setState({ tables: arr(obj(payload).tables).filter(isTable), loaded: true, connected: true });
    });
    socket.on(LOBBY_MESSAGES.changed, (payload) => {
      const changed = arr(obj(payload).tables).filter(isTable);
      setState((s) => {
        const byId = new Map(s.tables.map((t) => [t.tableId, t]));
        for (const t of changed) byId.set(t.tableId, t);
        return { ...s, tables: [...byId.values()], loaded: true };
      });
    });
    return () => {
      socket.removeAllListeners();
      socket.close();
    };
  }, []);
  return state;
}
