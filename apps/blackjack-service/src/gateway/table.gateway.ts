import {
  cancelBetMessageSchema,
  dispatchToTable,
  PlayerClaims,
  PlayerGatewayBase,
  SocketBroadcaster,
  TableMessageSchema,
  WireValue,
} from '@casino/table-kit';
import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { z } from 'zod';
import { BLACKJACK_CONFIG } from '../app/tokens';
import { BlackjackServiceConfig } from '../config/blackjack-config';
import { BlackjackTableInput } from '../table/blackjack-table.state';
import { TableService } from '../table/table.service';
import { decideSchema, insuranceSchema, placeBetSchema } from './player-messages.dto';

/** Players' WebSocket: join/leave, main bets on seats, decisions and insurance under their timers. */
@WebSocketGateway({ cors: { origin: '*' } })
export class TableGateway extends PlayerGatewayBase {
  constructor(
    @Inject(BLACKJACK_CONFIG) config: BlackjackServiceConfig,
    private readonly tables: TableService,
    broadcaster: SocketBroadcaster,
  ) {
    super(config.PLAYER_TOKEN_SECRET, broadcaster);
  }

  @SubscribeMessage('join')
  join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.joinTable(socket, body, this.tables);
  }

  @SubscribeMessage('leave')
  leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.leaveTable(socket, body);
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

  /** Hands a joined table's message, as an input, to that table. */
  private toTable<S extends TableMessageSchema>(
    socket: Socket,
    schema: S,
    body: unknown,
    input: (message: z.infer<S>, player: PlayerClaims) => BlackjackTableInput,
  ): Promise<WireValue> {
    return this.onJoinedTable(socket, schema, body, (m, player) =>
      dispatchToTable(this.tables.runtime.host(m.tableId), m.tableId, input(m, player)),
    );
  }
}
