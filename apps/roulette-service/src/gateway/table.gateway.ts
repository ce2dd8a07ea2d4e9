import { PlayerClaims } from '@casino/events';
import { PLAYER_COMMANDS } from '@casino/player-protocol';
import { WireValue } from '@casino/table-kit/core';
import { PlayerSessions, SocketBroadcaster, TableGatewayBase } from '@casino/table-kit/nest';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { BetInput, RouletteInput } from '../table/roulette-table.state';
import { TableService } from '../table/table.service';
import { PlaceBetMessage, placeBetSchema } from './place-bet.dto';

/** Players' WebSocket: basic and announced bets (join, leave and cancelBet are TableGatewayBase's). */
@WebSocketGateway()
export class TableGateway extends TableGatewayBase<RouletteInput> {
  constructor(tables: TableService, broadcaster: SocketBroadcaster, sessions: PlayerSessions) {
    super(tables, (tableId) => tables.runtime.host(tableId), broadcaster, sessions);
  }

  @SubscribeMessage(PLAYER_COMMANDS.placeBet)
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, placeBetSchema, body, placeBetInput);
  }

  /** The bet slip: many basic and announced bets in one command, sent to the ledger as one PlaceBets. */
  @SubscribeMessage(PLAYER_COMMANDS.placeBets)
  placeBets(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTableSlip(socket, placeBetSchema, body, placeBetInput);
  }
}

/** A placeBet message (or a bet of a slip) as the table's input. */
function placeBetInput(m: PlaceBetMessage, player: PlayerClaims): RouletteInput {
  const bet: BetInput =
    'bet' in m
      ? { kind: 'basic', spec: m.bet, stake: m.stake }
      : { kind: 'announced', announced: m.announced, unitStake: m.unitStake };
  return { kind: 'placeBet', player, bet, roundId: m.roundId };
}
