import { PLAYER_COMMANDS } from '@casino/player-protocol';
import {
  cancelBetMessageSchema,
  joinMessageSchema,
  parseMessage,
  playerKey,
  rejection,
  WireValue,
} from '@casino/table-kit/core';
import { currencyRejection } from '@casino/table-kit/config';
import {
  dispatchSlipToTable,
  dispatchToTable,
  hasJoined,
  PlayerGatewayBase,
  PlayerSessions,
  SocketBroadcaster,
  authenticatedPlayer,
  socketPlayer,
  tableRoom,
} from '@casino/table-kit/nest';
import {
  ConnectedSocket,
  MessageBody,
  OnGatewayDisconnect,
  SubscribeMessage,
  WebSocketGateway,
} from '@nestjs/websockets';
import { Socket } from 'socket.io';
import { RNG_MESSAGES, RngInput } from '../rng/rng-sessions.state';
import { TableService } from '../table/table.service';
import { placeBetSchema, rngButtonSchema } from './place-bet.dto';
import { clientSeedSchema } from './rng.dto';

type Ack = WireValue;

interface JoinedTables {
  tables?: string[];
}

/**
 * Players' WebSocket: authenticate at the handshake, join/leave tables, bet, and (RNG table) the DEAL buttons.
 * Every message is validated; every answer is an acknowledgement `{ ok: true, ... }` or `{ ok: false, code, message }`.
 */
@WebSocketGateway()
export class TableGateway extends PlayerGatewayBase implements OnGatewayDisconnect {
  constructor(
    private readonly tables: TableService,
    broadcaster: SocketBroadcaster,
    sessions: PlayerSessions,
  ) {
    super(tables.config.PLAYER_TOKEN_SECRET, broadcaster, sessions);
  }

  /**
   * An RNG session closed by the table (inactivity) closes the player's sockets on that table, right after the
   * `rng:sessionClosed` message has gone out on them.
   */
  override handleConnection(socket: Socket): void {
    super.handleConnection(socket);
    socket.onAnyOutgoing((name: string, payload?: { tableId?: string }) => {
      if (name !== RNG_MESSAGES.sessionClosed || !payload?.tableId) return;
      if (!((socket.data as JoinedTables).tables ?? []).includes(payload.tableId)) return;
      setImmediate(() => socket.disconnect(true));
    });
  }

  /**
   * A socket gone leaves the player's RNG sessions, except those another of the player's open sockets has joined
   * (a second tab, or a reconnection whose old socket the server notices only at its ping timeout).
   */
  async handleDisconnect(socket: Socket): Promise<void> {
    const player = socketPlayer(socket);
    if (!player) return;
    const others = this.sessions.socketsOf(player).filter((s) => s !== socket && s.connected);
    for (const tableId of (socket.data as JoinedTables).tables ?? []) {
      const host = this.tables.rng.host(tableId);
      if (!host || others.some((s) => hasJoined(s, tableId))) continue;
      await host.dispatch({ kind: 'rngLeave', key: playerKey(player), disconnected: true });
    }
  }

  @SubscribeMessage(PLAYER_COMMANDS.join)
  join(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(joinMessageSchema, body);
      if (!msg.ok) return msg;
      const player = authenticatedPlayer(socket);
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
      const live = this.tables.watch(tableId);
      if (!live) return rejection('TABLE_UNKNOWN', `no table ${tableId}`);
      // The table's own currency or one it lists (docs/ledger.md#currencies-per-table).
      const refused = currencyRejection(config, player.currency);
      if (refused) return refused;
      this.remember(socket, tableId);
      return { ok: true, snapshot: { ...live.view(player), balance } };
    });
  }

  @SubscribeMessage(PLAYER_COMMANDS.leave)
  leave(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
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
          key: playerKey(authenticatedPlayer(socket)),
          disconnected: false,
        });
      return { ok: true };
    });
  }

  @SubscribeMessage(PLAYER_COMMANDS.placeBet)
  placeBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.onJoinedTableBet(
      socket,
      placeBetSchema,
      body,
      async ({ tableId, type, stake, roundId }, player) => {
        const rng = this.tables.rng.host(tableId);
        if (rng) return (await rng.dispatch({ kind: 'rngStake', player, type, stake })) ?? null;
        const input = { kind: 'placeBet' as const, player, type, stake, roundId };
        return dispatchToTable(this.tables.live.host(tableId), tableId, input);
      },
    );
  }

  /**
   * The bet slip: many stakes in one command. On a live table they go to the ledger as one PlaceBets; on the RNG
   * table each adds chips to the layout, in order, as a placeBet does.
   */
  @SubscribeMessage(PLAYER_COMMANDS.placeBets)
  placeBets(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.onJoinedTableSlip(
      socket,
      placeBetSchema,
      body,
      ({ type, stake, roundId }, player) => ({ player, type, stake, roundId }),
      async (tableId, bets) => {
        const rng = this.tables.rng.host(tableId);
        if (!rng) {
          const inputs = bets.map((b) => ({ kind: 'placeBet' as const, ...b }));
          return dispatchSlipToTable(this.tables.live.host(tableId), tableId, inputs);
        }
        const answers = [];
        for (const { player, type, stake } of bets)
          answers.push((await rng.dispatch({ kind: 'rngStake', player, type, stake })) ?? null);
        return answers;
      },
    );
  }

  /** Withdraws a bet while betting is open; `bet:cancelled` / `bet:cancelRejected` follow. */
  @SubscribeMessage(PLAYER_COMMANDS.cancelBet)
  cancelBet(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.onJoinedTableBet(
      socket,
      cancelBetMessageSchema,
      body,
      async ({ tableId, roundId, which }, player) => {
        if (this.tables.rng.host(tableId)) {
          return rejection('CANCEL_NOT_SUPPORTED', 'RNG tables withdraw chips with clear before deal');
        }
        const input = { kind: 'cancelBet' as const, player, which, roundId };
        return dispatchToTable(this.tables.live.host(tableId), tableId, input);
      },
    );
  }

  @SubscribeMessage(PLAYER_COMMANDS.deal)
  deal(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (key) => ({ kind: 'rngDeal', key }));
  }

  @SubscribeMessage(PLAYER_COMMANDS.clear)
  clear(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (key) => ({ kind: 'rngClear', key }));
  }

  @SubscribeMessage(PLAYER_COMMANDS.repeat)
  repeat(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (key) => ({ kind: 'rngRepeat', key, deal: false }));
  }

  @SubscribeMessage(PLAYER_COMMANDS.repeatDeal)
  repeatDeal(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.rngButton(socket, body, (key) => ({ kind: 'rngRepeat', key, deal: true }));
  }

  /** RNG table: the player's client seed for the next round's shuffle; refused while a DEAL is in progress. */
  @SubscribeMessage(PLAYER_COMMANDS.setClientSeed)
  setClientSeed(@ConnectedSocket() socket: Socket, @MessageBody() body: unknown): Promise<Ack> {
    return this.guard(async () => {
      const msg = parseMessage(clientSeedSchema, body);
      if (!msg.ok) return msg;
      const { tableId, clientSeed } = msg.value;
      const host = this.tables.rng.host(tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `${tableId} is not an RNG table`);
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', 'join the table first');
      const key = playerKey(authenticatedPlayer(socket));
      return (await host.dispatch({ kind: 'rngClientSeed', key, clientSeed })) ?? null;
    });
  }

  /** An RNG button (deal, clear, repeat, repeatDeal): a bet command, rate limited. */
  private rngButton(socket: Socket, body: unknown, input: (key: string) => RngInput): Promise<Ack> {
    return this.betCommand(socket, async () => {
      const msg = parseMessage(rngButtonSchema, body);
      if (!msg.ok) return msg;
      const host = this.tables.rng.host(msg.value.tableId);
      if (!host) return rejection('TABLE_UNKNOWN', `${msg.value.tableId} is not an RNG table`);
      if (!hasJoined(socket, msg.value.tableId)) return rejection('NOT_JOINED', 'join the table first');
      return (await host.dispatch(input(playerKey(authenticatedPlayer(socket))))) ?? null;
    });
  }

  private remember(socket: Socket, tableId: string): void {
    void socket.join(tableRoom(tableId));
    const data = socket.data as JoinedTables;
    data.tables = [...new Set([...(data.tables ?? []), tableId])];
  }
}
