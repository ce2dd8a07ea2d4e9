import { PlayerClaims } from '@casino/events';
import { PLAYER_COMMANDS } from '@casino/player-protocol';
import { WireValue } from '@casino/table-kit/core';
import { PlayerSessions, SocketBroadcaster, TableGatewayBase } from '@casino/table-kit/nest';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { StudioInput } from '../table/studio-table.state';
import { TableService } from '../table/table.service';
import { PlaceBetMessage, placeBetSchema } from './place-bet.dto';

/** Players' WebSocket: bets one by one or as a slip (join, leave and cancelBet are TableGatewayBase's). */
@WebSocketGateway()
export class TableGateway extends TableGatewayBase<StudioInput> {
  constructor(tables: TableService, broadcaster: SocketBroadcaster, sessions: PlayerSessions) {
    super(tables, (tableId) => tables.runtime.host(tableId), broadcaster, sessions);
  }

  @SubscribeMessage(PLAYER_COMMANDS.placeBet)
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, placeBetSchema, body, placeBetInput);
  }

  /** The bet slip: many bets in one command, sent to the ledger as one PlaceBets. */
  @SubscribeMessage(PLAYER_COMMANDS.placeBets)
  placeBets(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTableSlip(socket, placeBetSchema, body, placeBetInput);
  }
}

function placeBetInput(m: PlaceBetMessage, player: PlayerClaims): StudioInput {
  return { kind: 'placeBet', player, bet: { bet: m.bet, stake: m.stake }, roundId: m.roundId };
}
