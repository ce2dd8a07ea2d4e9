import { useEffect, useRef, useState } from 'react';
import {
  isTableMessage,
  PLAYER_COMMANDS,
  TABLE_MESSAGES,
  type TableMessageName,
} from '@packages/player-protocol/src/index';
import { ConnectionEnd, ConnectionStatus, GameConnection, num, obj, str } from './game-connection';
import { MoveWait } from './move-wait';

export interface GameTable {
  connection: GameConnection | null;
  status: ConnectionStatus;
  /** The latest join snapshot (a new object after every reconnection). */
  snapshot: Record<string, unknown> | null;
  /** Date.now() − the server's clock at the snapshot, to show the server's deadlines on this clock. */
  skewMs: number;
  end: ConnectionEnd | null;
  /** The join after a reconnection succeeded (the view was restored without a reload). */
  restoredAt: number | null;
}

/** `name` is a message of the player protocol; the payload is still checked field by field where it is read. */
export type TableEventHandler = (name: TableMessageName, payload: Record<string, unknown>) => void;

/**
 * Connects to a game service with the player's token, joins `tableId` on every (re)connection and hands the
 * table's messages (and the player's own) to `onEvent`. A refused join waits `retryAfterMs` when told to.
 */
export function useGameTable(
  serviceUrl: string,
  token: string,
  tableId: string,
  onEvent: TableEventHandler,
): GameTable {
  const [state, setState] = useState<GameTable>({
    connection: null,
    status: 'connecting',
    snapshot: null,
    skewMs: 0,
    end: null,
    restoredAt: null,
  });
  // Joined once already (at this or an earlier address): a join after it restores the view, also at the instance
  // a moved table now runs on.
  const joinedBefore = useRef(false);
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    const connection = new GameConnection(serviceUrl, token);
    const { socket } = connection;
    let joins = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let alive = true;
    const moveWait = new MoveWait();
    setState((s) => ({ ...s, connection, status: 'connecting', end: null }));

    const join = async (): Promise<void> => {
      const ack = await connection.request<{ snapshot: unknown }>(PLAYER_COMMANDS.join, { tableId });
      if (!alive) return;
      if (ack.ok) {
        moveWait.joined();
        const snapshot = obj(ack.snapshot);
        const serverTime = num(snapshot.serverTime, Date.now());
        const restored = joins > 0 || joinedBefore.current;
        joins++;
        joinedBefore.current = true;
        setState((s) => ({
          ...s,
          status: 'online',
          snapshot,
          skewMs: Date.now() - serverTime,
          restoredAt: restored ? Date.now() : s.restoredAt,
        }));
      } else if (ack.code === 'TABLE_UNKNOWN' && moveWait.unknown(Date.now())) {
        // The table moved to another instance of the service (docs/websocket-api.md#a-table-moving-to-another-instance):
        // "reconnecting" until the lobby lists it at its new address, where this hook connects again (serviceUrl).
        setState((s) => ({ ...s, status: 'reconnecting' }));
        retry = setTimeout(() => void join(), 1000);
      } else if (ack.code === 'RECONNECT_TOO_SOON' || ack.code === 'TIMEOUT') {
        const wait = 'retryAfterMs' in ack ? num((ack as Record<string, unknown>).retryAfterMs, 2000) : 2000;
        retry = setTimeout(() => void join(), Math.min(Math.max(wait, 300), 30_000));
      } else {
        setState((s) => ({ ...s, end: { kind: 'refused', message: ack.code } }));
      }
    };

    socket.on('connect', () => void join());
    socket.on('disconnect', (reason) => {
      if (!alive) return;
      setState((s) => ({ ...s, status: reason === 'io server disconnect' ? 'closed' : 'reconnecting' }));
    });
    socket.on('connect_error', (err: Error & { data?: unknown }) => {
      const data = obj(err.data);
      const code = str(data.code);
      if (code === 'UNAUTHENTICATED' || code === 'PROTOCOL_UNSUPPORTED') {
        setState((s) => ({ ...s, status: 'closed', end: { kind: 'refused', message: code } }));
        socket.close();
      } else {
        setState((s) => ({ ...s, status: s.status === 'connecting' ? 'connecting' : 'reconnecting' }));
      }
    });
    socket.on(TABLE_MESSAGES.sessionExpired, () =>
      setState((s) => ({ ...s, end: { kind: 'expired', message: '' } })),
    );
    socket.on(TABLE_MESSAGES.sessionRevoked, () =>
      setState((s) => ({ ...s, end: { kind: 'revoked', message: '' } })),
    );
    socket.onAny((name: string, payload: unknown) => {
      if (!isTableMessage(name)) return;
      const body = obj(payload);
      if (typeof body.tableId === 'string' && body.tableId !== tableId) return;
      handler.current(name, body);
    });
    return () => {
      alive = false;
      if (retry) clearTimeout(retry);
      connection.close();
    };
  }, [serviceUrl, token, tableId]);

  return state;
}
