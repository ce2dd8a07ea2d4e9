import { io, Socket } from 'socket.io-client';

export interface ReceivedMessage {
  name: string;
  payload: Record<string, unknown>;
  at: number;
}

/**
 * A socket.io player for tests and demos: records every message it receives, waits for one that matches,
 * and sends messages with acknowledgements.
 */
export class PlayerClient {
  readonly received: ReceivedMessage[] = [];
  private waiters: { match: (m: ReceivedMessage) => boolean; resolve: (m: ReceivedMessage) => void }[] = [];

  private constructor(readonly socket: Socket) {
    socket.onAny((name: string, payload: unknown) => {
      const message = { name, payload: (payload ?? {}) as Record<string, unknown>, at: Date.now() };
      this.received.push(message);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(message)) return true;
        w.resolve(message);
        return false;
      });
    });
  }

  /** Connects with a token; rejects with the server's rejection (`connect_error` data) when refused. */
  static connect(url: string, token: string | undefined, timeoutMs = 5000): Promise<PlayerClient> {
    const socket = io(url, {
      auth: token === undefined ? {} : { token },
      transports: ['websocket'],
      reconnection: false,
    });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timeout')), timeoutMs);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new PlayerClient(socket));
      });
      socket.once('connect_error', (err: Error & { data?: unknown }) => {
        clearTimeout(timer);
        socket.close();
        reject(Object.assign(new Error(err.message), { data: err.data }));
      });
    });
  }

  /** Sends a message and resolves with the acknowledgement. */
  request<T = Record<string, unknown>>(name: string, body: unknown, timeoutMs = 5000): Promise<T> {
    return this.socket.timeout(timeoutMs).emitWithAck(name, body) as Promise<T>;
  }

  /** The first message (already received, or arriving within the timeout) named `name` that matches. */
  waitFor(
    name: string,
    match: (payload: Record<string, unknown>) => boolean = () => true,
    timeoutMs = 10_000,
    since = 0,
  ): Promise<Record<string, unknown>> {
    const found = this.received.find((m) => m.at >= since && m.name === name && match(m.payload));
    if (found) return Promise.resolve(found.payload);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(`timed out waiting for ${name}; got ${this.received.map((m) => m.name).join(',')}`),
          ),
        timeoutMs,
      );
      this.waiters.push({
        match: (m) => m.name === name && match(m.payload),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m.payload);
        },
      });
    });
  }

  /** Messages named `name` received so far. */
  all(name: string): Record<string, unknown>[] {
    return this.received.filter((m) => m.name === name).map((m) => m.payload);
  }

  close(): void {
    this.socket.close();
  }
}
