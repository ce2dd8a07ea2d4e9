import { Server } from 'socket.io';
import { Broadcaster } from '../host/table-host';
import { toWire } from '../wire/to-wire';
import { playerRoom, tableRoom } from './socket-auth';

/** The host's outbound port over socket.io rooms; payloads are made JSON-safe (bigint → string) here. */
export class SocketBroadcaster implements Broadcaster {
  private server: Server | undefined;

  attach(server: Server): void {
    this.server = server;
  }

  toTable(tableId: string, name: string, payload: object): void {
    this.server?.to(tableRoom(tableId)).emit(name, toWire(payload));
  }

  toPlayer(player: string, name: string, payload: object): void {
    this.server?.to(playerRoom(player)).emit(name, toWire(payload));
  }
}
