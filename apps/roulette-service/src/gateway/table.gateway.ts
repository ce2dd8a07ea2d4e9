import {
  cancelBetMessageSchema,
  dispatchToTable,
  PlayerGatewayBase,
  SocketBroadcaster,
  WireValue,
} from '@casino/table-kit';
import { Inject } from '@nestjs/common';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { ROULETTE_CONFIG } from '../app/tokens';
import { RouletteServiceConfig } from '../config/roulette-config';
import { BetInput } from '../table/roulette-table.state';
import { TableService } from '../table/table.service';
import { placeBetSchema } from './place-bet.dto';

/** Players' WebSocket: authenticate at the handshake, join/leave, basic and announced bets. */
@WebSocketGateway({ cors: { origin: '*' } })
export class TableGateway extends PlayerGatewayBase {
  constructor(
    @Inject(ROULETTE_CONFIG) config: RouletteServiceConfig,
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
    return this.onJoinedTable(socket, placeBetSchema, body, async (m, player) => {
      const bet: BetInput =
        'bet' in m
          ? { kind: 'basic', spec: m.bet, stake: m.stake }
          : { kind: 'announced', announced: m.announced, unitStake: m.unitStake };
      const host = this.tables.runtime.host(m.tableId);
      return dispatchToTable(host, m.tableId, { kind: 'placeBet', player, bet, roundId: m.roundId });
    });
  }

  /** Withdraws a bet while betting is open; `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage('cancelBet')
  cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.onJoinedTable(socket, cancelBetMessageSchema, body, async (m, player) => {
      const host = this.tables.runtime.host(m.tableId);
      return dispatchToTable(host, m.tableId, {
        kind: 'cancelBet',
        player,
        which: m.which,
        roundId: m.roundId,
      });
    });
  }
}
