import {
  cancelBetMessageSchema,
  hasJoined,
  joinMessageSchema,
  parseMessage,
  PlayerClaims,
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
import { z } from 'zod';
import { BLACKJACK_CONFIG } from '../app/tokens';
import { BlackjackServiceConfig } from '../config/blackjack-config';
import { BlackjackTableInput } from '../table/blackjack-table.state';
import { tableView } from '../table/table-view';
import { TableService } from '../table/table.service';
import { decideSchema, insuranceSchema, placeBetSchema } from './player-messages.dto';

/** Players' WebSocket: join/leave, main bets on seats, decisions and insurance under their timers. */
@WebSocketGateway({ cors: { origin: '*' } })
export class TableGateway implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('TableGateway');

  constructor(
    @Inject(BLACKJACK_CONFIG) private readonly config: BlackjackServiceConfig,
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
    return this.toTable(socket, placeBetSchema, body, (m, player) => ({
      kind: 'placeBet',
      player,
      seat: m.seat,
      stake: m.stake,
      roundId: m.roundId,
    }));
  }

  @SubscribeMessage('decide')
  decide(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, decideSchema, body, (m, player) => ({
      kind: 'decide',
      player,
      seat: m.seat,
      hand: m.hand,
      action: m.action,
    }));
  }

  @SubscribeMessage('insurance')
  insurance(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, insuranceSchema, body, (m, player) => ({
      kind: 'insurance',
      player,
      seat: m.seat,
      take: m.take,
    }));
  }

  /** Withdraws a main bet while betting is open (frees the seat); `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage('cancelBet')
  cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, cancelBetMessageSchema, body, (m, player) => ({
      kind: 'cancelBet',
      player,
      which: m.which,
      roundId: m.roundId,
    }));
  }

  /** Validates a message, checks the socket joined its table, and hands the input to that table. */
  private toTable<S extends z.ZodType<{ tableId: string }, z.ZodTypeDef, unknown>>(
    socket: Socket,
    schema: S,
    body: unknown,
    input: (message: z.infer<S>, player: PlayerClaims) => BlackjackTableInput,
  ): Promise<WireValue> {
    return this.guard(async () => {
      const parsed = parseMessage(schema, body);
      if (!parsed.ok) return parsed;
      const { tableId } = parsed.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      const host = this.tables.runtime.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      return (await host.dispatch(input(parsed.value, socketPlayer(socket)!))) ?? null;
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
