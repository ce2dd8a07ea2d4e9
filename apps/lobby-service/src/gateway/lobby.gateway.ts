import { socketMetrics } from '@casino/observability';
import { OnModuleDestroy } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit, WebSocketGateway, WebSocketServer } from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import {
  LOBBY_MESSAGES,
  LOBBY_NAMESPACE,
  type LobbyChanges,
  type LobbyServerEvents,
  type LobbySnapshot,
} from '@casino/player-protocol';
import { TableDirectory } from '../tables/table-directory.service';

/**
 * The lobby's one socket (namespace `/lobby`): `lobby:snapshot` with every table on connection, then
 * `lobby:changed` with the rows that changed. Players send nothing on it (a message from a client is ignored), so
 * there is nothing to validate and no token: the table list is public, like the services' `GET /tables`.
 */
@WebSocketGateway({
  namespace: LOBBY_NAMESPACE,
  transports: ['websocket', 'polling'],
  maxHttpBufferSize: 1024,
})
export class LobbyGateway implements OnGatewayInit, OnGatewayConnection, OnModuleDestroy {
  @WebSocketServer()
  private readonly server!: Namespace<Record<string, never>, LobbyServerEvents>;
  private readonly unsubscribe: () => void;
  private untrack: (() => void) | undefined;

  constructor(private readonly directory: TableDirectory) {
    this.unsubscribe = directory.onChange((tables) => {
      const changes: LobbyChanges = { tables, at: Date.now() };
      this.server.emit(LOBBY_MESSAGES.changed, changes);
    });
  }

  /** Lobby sockets count in `casino_sockets_connected`. */
  afterInit(namespace: Namespace<Record<string, never>, LobbyServerEvents>): void {
    this.untrack = socketMetrics().track(() => namespace.sockets.size);
  }

  handleConnection(client: Socket<Record<string, never>, LobbyServerEvents>): void {
    const snapshot: LobbySnapshot = { tables: this.directory.list(), at: Date.now() };
    client.emit(LOBBY_MESSAGES.snapshot, snapshot);
  }

  onModuleDestroy(): void {
    this.unsubscribe();
    this.untrack?.();
  }
}
