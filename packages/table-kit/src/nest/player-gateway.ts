import { Logger } from '@nestjs/common';
import { OnGatewayConnection, OnGatewayInit } from '@nestjs/websockets';
import { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { PlayerClaims } from '@casino/events';
import { parseMessage, slipMessageSchema } from '../wire/message-schemas';
import { slipAnswer, slipInputs } from './bet-slip';
import type { GatewayAnswer, TableMessageSchema } from './gateway-answer';
import { Rejection, rejection } from '../wire/rejection-codes';
import { toWire, WireValue } from '../wire/to-wire';
import {
  authenticatedPlayer,
  hasJoined,
  playerRoom,
  socketAuthMiddleware,
  socketPlayer,
} from './socket-auth';
import { SocketBroadcaster } from './socket-broadcaster';
import { playerKey } from '../players/player-key';
import { PlayerSessions } from '../sessions/player-sessions';
import { TableAvailability } from '../host/table-availability';
import { TableSaveUnavailable } from '../host/table-host';
import { observeBetReceived, trackSockets } from './gateway-metrics';

export type { GatewayAnswer, TableMessageSchema } from './gateway-answer';

/**
 * The players' WebSocket of a game service: authentication at the handshake, the player's room, and the
 * acknowledgement discipline (every message is validated; every answer is `{ ok: true, ... }` or
 * `{ ok: false, code, message }`, a fault INTERNAL_ERROR). The game's gateway maps its messages to inputs.
 */
export abstract class PlayerGatewayBase implements OnGatewayInit, OnGatewayConnection {
  private readonly logger = new Logger('TableGateway');

  protected constructor(
    private readonly tokenSecret: string,
    private readonly broadcaster: SocketBroadcaster,
    protected readonly sessions: PlayerSessions,
  ) {}

  afterInit(server: Server): void {
    server.use(socketAuthMiddleware(this.tokenSecret, this.sessions));
    this.broadcaster.attach(server);
    trackSockets(server);
  }

  handleConnection(socket: Socket): void {
    const player = socketPlayer(socket);
    if (!player) return;
    void socket.join(playerRoom(playerKey(player)));
    this.sessions.connected(socket, player);
  }

  /** Validates a message and checks the socket joined its table before `handle` runs. */
  protected onJoinedTable<S extends TableMessageSchema>(
    socket: Socket,
    schema: S,
    body: unknown,
    handle: (message: z.infer<S>, player: PlayerClaims) => Promise<GatewayAnswer>,
  ): Promise<WireValue> {
    return this.guard(async () => {
      const parsed = parseMessage(schema, body);
      if (!parsed.ok) return parsed;
      const { tableId } = parsed.value;
      if (!hasJoined(socket, tableId)) return rejection('NOT_JOINED', `join ${tableId} first`);
      return handle(parsed.value, authenticatedPlayer(socket));
    });
  }

  /**
   * A bet command (placeBet, cancelBet, decide, insurance, RNG buttons): refused with RATE_LIMITED, before
   * anything else, when the player or the socket sends them faster than BET_RATE_PER_SECOND / BET_BURST allow.
   */
  protected betCommand(socket: Socket, work: () => Promise<GatewayAnswer>): Promise<WireValue> {
    return this.guard(() =>
      this.sessions.allowBetCommand(socket)
        ? work()
        : Promise.resolve(rejection('RATE_LIMITED', 'too many bet commands: slow down')),
    );
  }

  /** {@link onJoinedTable} for a bet command: rate limited first. */
  protected onJoinedTableBet<S extends TableMessageSchema>(
    socket: Socket,
    schema: S,
    body: unknown,
    handle: (message: z.infer<S>, player: PlayerClaims) => Promise<GatewayAnswer>,
  ): Promise<WireValue> {
    if (!this.sessions.allowBetCommand(socket))
      return this.guard(async () => rejection('RATE_LIMITED', 'too many bet commands: slow down'));
    return this.onJoinedTable(socket, schema, body, handle);
  }

  /**
   * A bet slip (`placeBets`): ONE bet command for the rate limit however many bets it holds (the limit counts
   * commands, not chips). Each bet is parsed with the game's `betSchema` and made an input (`toInput`); `dispatch`
   * hands them to the table together (dispatchSlipToTable). The answer has a result per bet, in order.
   */
  protected onJoinedTableSlip<S extends TableMessageSchema, I>(
    socket: Socket,
    betSchema: S,
    body: unknown,
    toInput: (bet: z.infer<S>, player: PlayerClaims) => I,
    dispatch: (
      tableId: string,
      inputs: readonly I[],
    ) => Promise<readonly (GatewayAnswer | undefined)[] | Rejection>,
  ): Promise<WireValue> {
    return this.onJoinedTableBet(socket, slipMessageSchema, body, async (slip, player) => {
      const { inputs, refused } = slipInputs(slip, betSchema, player, toInput);
      const answers =
        inputs.length === 0
          ? []
          : await dispatch(
              slip.tableId,
              inputs.map((i) => i.input),
            );
      if (!Array.isArray(answers)) return answers as Rejection;
      const replies = new Map(inputs.map((i, n) => [i.clientId, answers[n]] as const));
      return slipAnswer(slip, refused, replies);
    });
  }

  /** Answers are made JSON-safe; a fault becomes INTERNAL_ERROR instead of a silent missing ack. */
  protected async guard(work: () => Promise<GatewayAnswer>): Promise<WireValue> {
    try {
      return toWire(await work());
    } catch (err) {
      this.logger.error((err as Error).stack);
      return toWire(rejection('INTERNAL_ERROR', 'the service failed to handle the message'));
    }
  }
}

/**
 * Hands an input to a table's host; TABLE_UNKNOWN when the service has no such table. A paused table refuses at
 * once (TABLE_PAUSED) what it cannot take now: any input while its state cannot be saved, a new bet while Kafka
 * or the ledger is down (it could not be decided).
 */
export async function dispatchToTable<I>(
  host:
    | {
        dispatch(input: I): Promise<GatewayAnswer | undefined>;
        /** TableHost's: refused with TableSaveUnavailable when the input cannot be saved now. */
        dispatchFailFast?(input: I): Promise<GatewayAnswer | undefined>;
        readonly availability?: TableAvailability;
      }
    | undefined,
  tableId: string,
  input: I,
): Promise<GatewayAnswer> {
  const isBet = (input as { kind?: unknown }).kind === 'placeBet';
  if (!host) {
    const unknown = rejection('TABLE_UNKNOWN', `no table ${tableId}`);
    // Not the player's table id as a label: any string could come in.
    if (isBet) observeBetReceived(undefined, unknown);
    return unknown;
  }
  const paused = host.availability?.pausedFor ?? [];
  const pausedAnswer = () => rejection('TABLE_PAUSED', host.availability?.message ?? 'the table is paused');
  let answer: GatewayAnswer;
  if (paused.includes('database') || (isBet && paused.length > 0)) answer = pausedAnswer();
  else {
    try {
      answer = (await (host.dispatchFailFast ?? host.dispatch).call(host, input)) ?? null;
    } catch (err) {
      // The first input of a database outage: refused like the ones after it, not kept waiting.
      if (!(err instanceof TableSaveUnavailable)) throw err;
      answer = pausedAnswer();
    }
  }
  if (isBet) observeBetReceived(tableId, answer);
  return answer;
}
