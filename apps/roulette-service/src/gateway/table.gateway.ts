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
  OnGatewayInit,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { Server, Socket } from 'socket.io';
import { ROULETTE_CONFIG } from '../app/tokens';
import { RouletteServiceConfig } from '../config/roulette-config';
import { BetInput } from '../table/roulette-table.state';
import { tableView } from '../table/table-view';
import { TableService } from '../table/table.service';
import { placeBetSchema } from './place-bet.dto';

/** Players' WebSocket: authenticate at the handshake, join/leave, basic and announced bets. */
@WebSocketGateway({ cors: { origin: '*' } })
export class TableGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('TableGateway');

  constructor(
    @Inject(ROULETTE_CONFIG) private readonly config: RouletteServiceConfig,
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

  @SubscribeMessage('join')
  join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      const player = socketPlayer(socket)!;
      const config = this.tables.tableConfig(msg.value.tableId);
      const host = this.tables.runtime.host(msg.value.tableId);
      if (!config || !host) return rejection('TABLE_UNKNOWN', `no table ${msg.value.tableId}`);
      if (player.currency !== config.currency)
        return rejection('CURRENCY_MISMATCH', `table plays in ${config.currency}`);
      const balance = await this.tables.balanceFor(player);
      // Joined and viewed in the same tick: every table message after the snapshot reaches the socket.
      void socket.join(tableRoom(config.id));
      return { ok: true, snapshot: { ...tableView(host.state, config, player.playerId), balance } };
    });
  }

  @SubscribeMessage('leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      await socket.leave(tableRoom(msg.value.tableId));
      return { ok: true };
    });
  }

  @SubscribeMessage('placeBet')
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(placeBetSchema, body);
      if (!msg.ok) return msg;
      const { tableId, roundId } = msg.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      const host = this.tables.runtime.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      const bet: BetInput =
        'bet' in msg.value
          ? { kind: 'basic', spec: msg.value.bet, stake: msg.value.stake }
          : { kind: 'announced', announced: msg.value.announced, unitStake: msg.value.unitStake };
      return (await host.dispatch({ kind: 'placeBet', player: socketPlayer(socket)!, bet, roundId })) ?? null;
    });
  }

  /** Withdraws a bet while betting is open; `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage('cancelBet')
  cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(cancelBetMessageSchema, body);
      if (!msg.ok) return msg;
      const { tableId, roundId, which } = msg.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      const host = this.tables.runtime.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      return (
        (await host.dispatch({ kind: 'cancelBet', player: socketPlayer(socket)!, which, roundId })) ?? null
      );
    });
  }

  private async guard(work: () => Promise<object | Rejection | null>): Promise<WireValue> {
    try {
      return toWire(await work());
    } catch (err) {
      this.logger.error((err as Error).stack);
      return toWire(rejection('INTERNAL_ERROR', 'the service failed to handle the message'));
    }
  }
}
