import type { TableMessageName } from '@casino/player-protocol';
import { Server } from 'socket.io';
import { Broadcaster } from '../host/table-host-deps';
import { toWire } from '../wire/to-wire';
import { playerKey } from '../players/player-key';
import { playerRoom, socketPlayer, tableRoom } from './socket-auth';

/** The host's outbound port over socket.io rooms; payloads are made JSON-safe (bigint → string) here. */
export class SocketBroadcaster implements Broadcaster {
  private server: Server | undefined;

  attach(server: Server): void {
    this.server = server;
  }

  toTable(tableId: string, name: TableMessageName, payload: object): void {
    this.server?.to(tableRoom(tableId)).emit(name, toWire(payload));
  }

  toPlayer(player: string, name: TableMessageName, payload: object): void {
    this.server?.to(playerRoom(player)).emit(name, toWire(payload));
  }

  /**
   * Closes every player's connection at the transport (a draining instance, once its tables have moved): the client
   * sees a lost connection, not a server's goodbye, so it reconnects and joins again wherever the table runs now.
   */
  reconnectAll(): void {
    for (const socket of this.server?.sockets.sockets.values() ?? []) socket.conn.close();
  }

  /**
   * The table no longer runs here: the connections of the sockets that joined it are closed at the transport, as
   * reconnectAll does for every socket, so each client reconnects and joins the table at the instance the lobby now
   * lists for it (a socket that joined other tables here joins them again too).
   */
  tableLeft(tableId: string): void {
    const room = this.server?.sockets.adapter.rooms.get(tableRoom(tableId));
    for (const id of [...(room ?? [])]) this.server?.sockets.sockets.get(id)?.conn.close();
  }

  /** How many players (operator, player) have a socket in the table's room: the lobby's "players at the table". */
  playersAt(tableId: string): number {
    const room = this.server?.sockets.adapter.rooms.get(tableRoom(tableId));
    if (!room || !this.server) return 0;
    const players = new Set<string>();
    for (const id of room) {
      const socket = this.server.sockets.sockets.get(id);
      const player = socket && socketPlayer(socket);
      if (player) players.add(playerKey(player));
    }
    return players.size;
  }
}
