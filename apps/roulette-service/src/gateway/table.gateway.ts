import { PLAYER_COMMANDS } from '@casino/player-protocol';
import { PlayerSessions, SocketBroadcaster, TableGatewayBase, WireValue } from '@casino/table-kit';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { BetInput, RouletteInput } from '../table/roulette-table.state';
import { TableService } from '../table/table.service';
import { placeBetSchema } from './place-bet.dto';

/** Players' WebSocket: basic and announced bets (join, leave and cancelBet are TableGatewayBase's). */
@WebSocketGateway()
export class TableGateway extends TableGatewayBase<RouletteInput> {
  constructor(tables: TableService, broadcaster: SocketBroadcaster, sessions: PlayerSessions) {
    super(tables, (tableId) => tables.runtime.host(tableId), broadcaster, sessions);
  }

  @SubscribeMessage(PLAYER_COMMANDS.placeBet)
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, placeBetSchema, body, (m, player) => {
      const bet: BetInput =
        'bet' in m
          ? { kind: 'basic', spec: m.bet, stake: m.stake }
          : { kind: 'announced', announced: m.announced, unitStake: m.unitStake };
      return { kind: 'placeBet', player, bet, roundId: m.roundId };
    });
  }
}
