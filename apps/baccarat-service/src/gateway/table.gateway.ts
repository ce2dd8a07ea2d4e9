import {
  cancelBetMessageSchema,
  hasJoined,
  joinMessageSchema,
  parseMessage,
  playerRoom,
  rejection,
  Rejection,
  SocketBroadcaster,
  socketAuthMiddleware,
  socketPlayer,
  tableRoom,
  toWire,
  WireValue,
} from '@casino/table-kit';
import { Inject, Logger } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayConnection,
  OnGatewayDisconnect,
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { Server, Socket } from 'socket.io';
import { BACCARAT_CONFIG } from '../app/tokens';
import { BaccaratServiceConfig } from '../config/baccarat-config';
import { RngInput } from '../rng/rng-sessions.state';
import { tableView } from '../table/table-view';
import { TableService } from '../table/table.service';
import { placeBetSchema, rngButtonSchema } from './place-bet.dto';

type Ack = WireValue;

interface JoinedTables {
  tables?: string[];
}

/**
 * Players' WebSocket: authenticate at the handshake, join/leave tables, bet, and (RNG table) the DEAL buttons.
 * Every message is validated; every answer is an acknowledgement `{ ok: true, ... }` or `{ ok: false, code, message }`.
 */
@WebSocketGateway({ cors: { origin: '*' } })
export class TableGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect {
  private readonly logger = new Logger('TableGateway');

  constructor(
    @Inject(BACCARAT_CONFIG) private readonly config: BaccaratServiceConfig,
    private readonly tables: TableService,
    private readonly broadcaster: SocketBroadcaster,
  ) {}

  afterInit(server: Server): void {
    server.use(socketAuthMiddleware(this.config.PLAYER_TOKEN_SECRET));
    this.broadcaster.attach(server);
  }

  handleConnection(socket: Socket): void {
    const player = socketPlayer(socket);
    if (player) void socket.join(playerRoom(player.playerId));
  }

  async handleDisconnect(socket: Socket): Promise<void> {
    const player = socketPlayer(socket);
    if (!player) return;
    for (const tableId of (socket.data as JoinedTables).tables ?? []) {
      const host = this.tables.rng.host(tableId);
      if (host) await host.dispatch({ kind: 'rngLeave', playerId: player.playerId, disconnected: true });
    }
  }

  @SubscribeMessage('join')
  async join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      const player = socketPlayer(socket)!;
      const { tableId } = msg.value;
      const config = this.tables.tableConfig(tableId);
      if (!config) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      const balance = await this.tables.balanceFor(player);
      const rng = this.tables.rng.host(tableId);
      if (rng) {
        const reply = await rng.dispatch({ kind: 'rngJoin', player });
        if (!reply || !reply.ok) return reply ?? rejection('INTERNAL_ERROR', 'no reply');
        this.remember(socket, tableId);
        return { ok: true, snapshot: { ...reply.session, balance } };
      }
      const host = this.tables.live.host(tableId)!;
      if (player.currency !== config.currency)
        return rejection('CURRENCY_MISMATCH', `table plays in ${config.currency}`);
      this.remember(socket, tableId);
      return { ok: true, snapshot: { ...tableView(host.state, config, player.playerId), balance } };
    });
  }

  @SubscribeMessage('leave')
  async leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      const { tableId } = msg.value;
      await socket.leave(tableRoom(tableId));
      const data = socket.data as JoinedTables;
      data.tables = (data.tables ?? []).filter((t) => t !== tableId);
      const rng = this.tables.rng.host(tableId);
      if (rng)
        await rng.dispatch({
          kind: 'rngLeave',
          playerId: socketPlayer(socket)!.playerId,
          disconnected: false,
        });
      return { ok: true };
    });
  }

  @SubscribeMessage('placeBet')
  async placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(placeBetSchema, body);
      if (!msg.ok) return msg;
      const { tableId, type, stake, roundId } = msg.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      const player = socketPlayer(socket)!;
      const rng = this.tables.rng.host(tableId);
      if (rng) return (await rng.dispatch({ kind: 'rngStake', player, type, stake })) ?? null;
      const host = this.tables.live.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      return (await host.dispatch({ kind: 'placeBet', player, type, stake, roundId })) ?? null;
    });
  }

  /** Withdraws a bet while betting is open; `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage('cancelBet')
  async cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(cancelBetMessageSchema, body);
      if (!msg.ok) return msg;
      const { tableId, roundId, which } = msg.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      if (this.tables.rng.host(tableId)) {
        return rejection('CANCEL_NOT_SUPPORTED', 'RNG tables withdraw chips with clear before deal');
      }
      const host = this.tables.live.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      const player = socketPlayer(socket)!;
      return (await host.dispatch({ kind: 'cancelBet', player, which, roundId })) ?? null;
    });
  }

  @SubscribeMessage('deal')
  deal(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (playerId) => ({ kind: 'rngDeal', playerId }));
  }

  @SubscribeMessage('clear')
  clear(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (playerId) => ({ kind: 'rngClear', playerId }));
  }

  @SubscribeMessage('repeat')
  repeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (playerId) => ({ kind: 'rngRepeat', playerId, deal: false }));
  }

  @SubscribeMessage('repeatDeal')
  repeatDeal(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (playerId) => ({ kind: 'rngRepeat', playerId, deal: true }));
  }

  private rngButton(socket: Socket, body: unknown, input: (playerId: string) => RngInput): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(rngButtonSchema, body);
      if (!msg.ok) return msg;
      const host = this.tables.rng.host(msg.value.tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `${msg.value.tableId} is not an RNG table`);
      if (!hasJoined(socket, msg.value.tableId)) return rejection('NOT_JOINED', 'join the table first');
      return (await host.dispatch(input(socketPlayer(socket)!.playerId))) ?? null;
    });
  }

  private remember(socket: Socket, tableId: string): void {
    void socket.join(tableRoom(tableId));
    const data = socket.data as JoinedTables;
    data.tables = [...new Set([...(data.tables ?? []), tableId])];
  }

  /** Answers are made JSON-safe; a fault becomes INTERNAL_ERROR instead of a silent missing ack. */
  private async guard(work: () => Promise<object | Rejection | null>): Promise<Ack> {
    try {
      return toWire(await work());
    } catch (err) {
      this.logger.error((err as Error).stack);
      return toWire(rejection('INTERNAL_ERROR', 'the service failed to handle the message'));
    }
  }
}
