import { Socket } from 'socket.io';
import { PlayerClaims, verifyPlayerToken } from '@casino/events';
import { protocolProblem, PROTOCOL_RANGE } from '@casino/player-protocol';
import { Rejection, rejection } from '../wire/rejection-codes';

/** Room names: every socket of a table, every socket of a player (by `playerKey`: operator and player). */
export const tableRoom = (tableId: string): string => `table:${tableId}`;
export const playerRoom = (key: string): string => `player:${key}`;

/**
 * Checks the protocol version and the token a client sent in the socket.io handshake (`auth: { token, protocol }`)
 * and stores the claims on the
 * socket. The gateway puts the socket in its player room once connected.
 */
export function authenticateSocket(
  socket: Socket,
  secret: string,
  nowMs = Date.now(),
  handshake?: HandshakeCheck,
): ConnectedPlayer | (Rejection & { supported?: typeof PROTOCOL_RANGE }) {
  const auth: unknown = socket.handshake.auth;
  const fields = typeof auth === 'object' && auth !== null ? (auth as Record<string, unknown>) : {};
  // The client's protocol version first (docs/websocket-api.md#protocol-version): an outdated client is told so
  // with the versions served, whatever its token.
  const outdated = protocolProblem(fields.protocol);
  if (outdated !== undefined)
    return { ...rejection('PROTOCOL_UNSUPPORTED', outdated), supported: PROTOCOL_RANGE };
  const token = fields.token;
  const check = verifyPlayerToken(token, secret, nowMs, {
    maxLifetimeSeconds: handshake?.maxLifetimeSeconds,
  });
  if (!check.ok) return rejection('UNAUTHENTICATED', `${check.code}: ${check.message}`);
  const refused = handshake?.refusal(check.claims, socket.handshake.headers.origin);
  if (refused !== undefined) return rejection('UNAUTHENTICATED', refused);
  // The token goes with the claims: every bet command of this socket carries it to the ledger as its proof.
  const player: ConnectedPlayer = { ...check.claims, token: token as string };
  (socket.data as SocketData).player = player;
  return player;
}

/**
 * A player past the handshake: the token's claims and the token itself, which the bet and cancel commands carry
 * to the ledger (PlaceBet.playerToken). Only ever sent back to the player it belongs to.
 */
export interface ConnectedPlayer extends PlayerClaims {
  readonly token?: string;
}

/**
 * Why a verified token may not connect from the browser's origin, `CODE: reason` (table-kit's `PlayerSessions`:
 * ORIGIN_NOT_ALLOWED, TOKEN_REVOKED), or undefined.
 */
export interface HandshakeCheck {
  refusal(claims: PlayerClaims, origin: string | undefined): string | undefined;
  /** The longest token lifetime accepted (PLAYER_TOKEN_MAX_LIFETIME_SECONDS); default player-token.ts's. */
  readonly maxLifetimeSeconds?: number;
}

export interface SocketData {
  player?: ConnectedPlayer;
}

/** The authenticated player of a socket, or undefined when the handshake failed. */
export function socketPlayer(socket: Socket): ConnectedPlayer | undefined {
  return (socket.data as SocketData).player;
}

/** The player of a socket past the auth middleware (which refuses every connection without one). */
export function authenticatedPlayer(socket: Socket): ConnectedPlayer {
  const player = socketPlayer(socket);
  if (!player) throw new Error('socket has no authenticated player');
  return player;
}

/**
 * socket.io middleware: a connection without a valid token, or one `handshake` refuses (a revoked token, a foreign
 * origin), never opens. The client gets `connect_error` whose `data` is the rejection ({ ok: false, code:
 * 'UNAUTHENTICATED', message }).
 */
export function socketAuthMiddleware(secret: string, handshake?: HandshakeCheck) {
  return (socket: Socket, next: (err?: Error) => void): void => {
    const result = authenticateSocket(socket, secret, Date.now(), handshake);
    if ('ok' in result) {
      const err = new Error(result.message) as Error & { data?: Rejection };
      err.data = result;
      next(err);
      return;
    }
    next();
  };
}

/** Whether the socket joined the table's room. */
export function hasJoined(socket: Socket, tableId: string): boolean {
  return socket.rooms.has(tableRoom(tableId));
}
