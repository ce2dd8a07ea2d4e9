import { PLAYER_COMMANDS } from '@casino/player-protocol';
import { ConnectedSocket, MessageBody, SubscribeMessage } from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { z } from 'zod';
import { PlayerClaims } from '@casino/events';
import { CancelBetInput } from '../bets/book-inputs';
import { cancelBetMessageSchema, joinMessageSchema, parseMessage } from '../wire/message-schemas';
import { currencyRejection } from '../config/currency-profiles';
import { rejection } from '../wire/rejection-codes';
import { WireValue } from '../wire/to-wire';
import { ServiceTableConfig, WatchedTable } from './game-table.service';
import { dispatchSlipToTable } from './bet-slip';
import { dispatchToTable, GatewayAnswer, PlayerGatewayBase, TableMessageSchema } from './player-gateway';
import { authenticatedPlayer, tableRoom } from './socket-auth';
import { SocketBroadcaster } from './socket-broadcaster';
import { PlayerSessions } from '../sessions/player-sessions';
import { TableAvailability } from '../host/table-availability';

/** What the gateway reads of the service: the players' token secret, its tables, balances. */
export interface GatewayTables {
  readonly config: { PLAYER_TOKEN_SECRET: string };
  watch(tableId: string): WatchedTable<ServiceTableConfig> | undefined;
  balanceFor(player: PlayerClaims): Promise<bigint | undefined>;
}

/** A table's host as the gateway hands it a player's input. */
export interface TableInbox<I> {
  // A property, not a method: a host must take every input it is given (checked, not bivariant).
  dispatch: (input: I) => Promise<GatewayAnswer | undefined>;
  /** A player's input, refused TableSaveUnavailable when it cannot be saved now (TableHost's). */
  dispatchFailFast?: (input: I) => Promise<GatewayAnswer | undefined>;
  /** A player's bet slip, its commands sent as one PlaceBets (TableHost's). */
  dispatchSlip?: (inputs: readonly I[]) => Promise<(GatewayAnswer | undefined)[]>;
  /** Running or paused (a paused table refuses inputs it cannot take now). */
  readonly availability?: TableAvailability;
}

/**
 * The players' WebSocket of a service whose tables are all joined alike: `join` (the table's snapshot, in the
 * player's currency), `leave` and `cancelBet`, and `toTable` to hand a joined table's message to its host. The
 * game's gateway (decorated `@WebSocketGateway`) adds its own messages.
 */
export abstract class TableGatewayBase<I> extends PlayerGatewayBase {
  protected constructor(
    private readonly tables: GatewayTables,
    private readonly hostOf: (tableId: string) => TableInbox<I | CancelBetInput> | undefined,
    broadcaster: SocketBroadcaster,
    sessions: PlayerSessions,
  ) {
    super(tables.config.PLAYER_TOKEN_SECRET, broadcaster, sessions);
  }

  /** Joins a table in the player's currency; the answer is its snapshot with the player's balance. */
  @SubscribeMessage(PLAYER_COMMANDS.join)
  join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      const player = authenticatedPlayer(socket);
      const table = this.tables.watch(msg.value.tableId);
      if (!table) return rejection('TABLE_UNKNOWN', `no table ${msg.value.tableId}`);
      const { config } = table;
      // The table's own currency or one it lists with its own limits (docs/ledger.md#currencies-per-table).
      const refused = currencyRejection(config, player.currency);
      if (refused) return refused;
      const balance = await this.tables.balanceFor(player);
      // Joined and viewed in the same tick: every table message after the snapshot reaches the socket.
      void socket.join(tableRoom(config.id));
      return { ok: true, snapshot: { ...table.view(player), balance } };
    });
  }

  @SubscribeMessage(PLAYER_COMMANDS.leave)
  leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      await socket.leave(tableRoom(msg.value.tableId));
      return { ok: true };
    });
  }

  /** Withdraws a bet while betting is open; `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage(PLAYER_COMMANDS.cancelBet)
  cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<WireValue> {
    return this.toTable(socket, cancelBetMessageSchema, body, (m, player) => ({
      kind: 'cancelBet',
      player,
      which: m.which,
      roundId: m.roundId,
    }));
  }

  /**
   * Hands a joined table's bet slip (`placeBets`, one rate-limited command) to that table: each bet parsed with the
   * game's placeBet `schema` and made an input, all applied together and sent to the ledger as one PlaceBets.
   */
  protected toTableSlip<S extends TableMessageSchema>(
    socket: Socket,
    schema: S,
    body: unknown,
    input: (message: z.infer<S>, player: PlayerClaims) => I,
  ): Promise<WireValue> {
    return this.onJoinedTableSlip(socket, schema, body, input, (tableId, inputs) =>
      dispatchSlipToTable(this.hostOf(tableId), tableId, inputs),
    );
  }

  /** Hands a joined table's bet command (rate limited), as an input, to that table. */
  protected toTable<S extends TableMessageSchema>(
    socket: Socket,
    schema: S,
    body: unknown,
    input: (message: z.infer<S>, player: PlayerClaims) => I | CancelBetInput,
  ): Promise<WireValue> {
    return this.onJoinedTableBet(socket, schema, body, (m, player) =>
      dispatchToTable(this.hostOf(m.tableId), m.tableId, input(m, player)),
    );
  }
}
