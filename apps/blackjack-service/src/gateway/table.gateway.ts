import { PlayerClaims } from '@casino/events';
import { PLAYER_COMMANDS } from '@casino/player-protocol';
import { WireValue } from '@casino/table-kit/core';
import { PlayerSessions, SocketBroadcaster, TableGatewayBase } from '@casino/table-kit/nest';
import { ConnectedSocket, MessageBody, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { BlackjackTableInput } from '../table/blackjack-table.state';
import { TableService } from '../table/table.service';
import { z } from 'zod';
import { decideSchema, insuranceSchema, placeBetSchema } from './player-messages.dto';

/**
 * Players' WebSocket: main bets on seats, decisions and insurance under their timers (join, leave and cancelBet
 * are TableGatewayBase's).
 */
@WebSocketGateway()
export class TableGateway extends TableGatewayBase<BlackjackTableInput> {
  constructor(tables: TableService, broadcaster: SocketBroadcaster, sessions: PlayerSessions) {
    super(tables, (tableId) => tables.runtime.host(tableId), broadcaster, sessions);
  }

  @SubscribeMessage(PLAYER_COMMANDS.placeBet)
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, placeBetSchema, body, placeBetInput);
  }

  /** The bet slip: main bets on several seats in one command, sent to the ledger as one PlaceBets. */
  @SubscribeMessage(PLAYER_COMMANDS.placeBets)
  placeBets(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTableSlip(socket, placeBetSchema, body, placeBetInput);
  }

  @SubscribeMessage(PLAYER_COMMANDS.decide)
  decide(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, decideSchema, body, (m, player) => ({
      kind: 'decide',
      player,
      seat: m.seat,
      hand: m.hand,
      action: m.action,
    }));
  }

  @SubscribeMessage(PLAYER_COMMANDS.insurance)
  insurance(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, insuranceSchema, body, (m, player) => ({
      kind: 'insurance',
      player,
      seat: m.seat,
      take: m.take,
    }));
  }
}

/** A placeBet message (or a bet of a slip) as the table's input. */
function placeBetInput(m: z.infer<typeof placeBetSchema>, player: PlayerClaims): BlackjackTableInput {
  return { kind: 'placeBet', player, seat: m.seat, stake: m.stake, roundId: m.roundId };
}
