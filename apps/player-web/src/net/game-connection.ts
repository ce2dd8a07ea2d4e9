import { io, Socket } from 'socket.io-client';
import { PLAYER_PROTOCOL_VERSION, type PlayerCommandName } from '@packages/player-protocol/src/index';

export type Ack<T = Record<string, unknown>> =
  ({ ok: true } & T) | { ok: false; code: string; message?: string };

export type ConnectionStatus = 'connecting' | 'online' | 'reconnecting' | 'closed';

export interface ConnectionEnd {
  kind: 'expired' | 'revoked' | 'refused';
  message: string;
}

/**
 * One game service's socket for this player (token in the handshake, WebSocket only). socket.io reconnects by
 * itself; on every (re)connection the views join their table again and replace their state with the snapshot.
 */
export class GameConnection {
  readonly socket: Socket;

  constructor(url: string, token: string) {
    this.socket = io(url, {
      // The protocol version this client speaks: a service that does not serve it refuses the handshake with
      // PROTOCOL_UNSUPPORTED (docs/websocket-api.md#protocol-version) and the table says "reload".
      auth: { token, protocol: PLAYER_PROTOCOL_VERSION },
      transports: ['websocket'],
      reconnectionDelay: 400,
      reconnectionDelayMax: 3000,
      timeout: 8000,
    });
  }

  /** Sends a message and resolves with its acknowledgement; `TIMEOUT` when none comes. */
  async request<T = Record<string, unknown>>(
    name: PlayerCommandName,
    body: unknown,
    timeoutMs = 8000,
  ): Promise<Ack<T>> {
    if (!this.socket.connected) return { ok: false, code: 'DISCONNECTED' };
    try {
      const ack: unknown = await this.socket.timeout(timeoutMs).emitWithAck(name, body);
      if (typeof ack === 'object' && ack !== null && 'ok' in ack) return ack as Ack<T>;
      return { ok: false, code: 'INTERNAL_ERROR' };
    } catch {
      return { ok: false, code: 'TIMEOUT' };
    }
  }

  close(): void {
    this.socket.removeAllListeners();
    this.socket.close();
  }
}

/** A decoded payload field, checked: the views read server messages through these, never with a cast alone. */
export function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

export function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

export function bool(value: unknown): boolean {
  return value === true;
}

export function obj(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An amount of minor units (decimal string) or null. */
export function amount(value: unknown): string | null {
  if (typeof value === 'string' && /^-?(0|[1-9][0-9]*)$/.test(value)) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  return null;
}

export function strings(value: unknown): string[] {
  return arr(value).filter((v): v is string => typeof v === 'string');
}
