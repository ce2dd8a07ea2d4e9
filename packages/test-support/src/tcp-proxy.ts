import { createServer, Server, Socket, connect } from 'node:net';

/** Rewrites the bytes of one direction of one connection (e.g. Kafka's metadata answers); identity by default. */
export interface StreamRewriter {
  /** Bytes from the client towards the server. */
  toServer(chunk: Buffer): Buffer;
  /** Bytes from the server towards the client. */
  toClient(chunk: Buffer): Buffer;
}

export interface TcpProxyOptions {
  /** Where the proxy forwards, host:port. */
  target: string;
  /** A rewriter per connection (the proxy's own port is known by then). */
  rewriter?: (proxyPort: number) => StreamRewriter;
}

type ProxyMode = 'open' | 'refusing' | 'silent';

interface Pair {
  client: Socket;
  server: Socket;
}

/**
 * A TCP proxy for failure tests: the service under test connects to it instead of PostgreSQL or Kafka, and the test
 * cuts the line (`cut`: every connection reset, new ones reset at once, as a server that went away), silences it
 * (`silence`: connections stay open but nothing passes, as a network partition) and `restore`s it.
 */
export class TcpProxy {
  private mode: ProxyMode = 'open';
  private readonly pairs = new Set<Pair>();
  private readonly targetHost: string;
  private readonly targetPort: number;
  /** Connections accepted since the start (a client that reconnects shows here). */
  accepted = 0;

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly options: TcpProxyOptions,
  ) {
    const at = options.target.lastIndexOf(':');
    this.targetHost = options.target.slice(0, at);
    this.targetPort = Number(options.target.slice(at + 1));
  }

  /** Listens on a free port of 127.0.0.1. */
  static async start(options: TcpProxyOptions): Promise<TcpProxy> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('proxy has no TCP address');
    const proxy = new TcpProxy(server, address.port, options);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  /** host:port of the proxy. */
  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  get open(): boolean {
    return this.mode === 'open';
  }

  /** Resets every connection and every new one until `restore` (a server that went away). */
  cut(): void {
    this.mode = 'refusing';
    for (const pair of this.pairs) this.drop(pair);
  }

  /** Keeps connections open but lets nothing through, either way, until `restore` (a network partition). */
  silence(): void {
    this.mode = 'silent';
  }

  /** Forwards again; connections silenced meanwhile are reset (their state is unknown to both ends). */
  restore(): void {
    const wasSilent = this.mode === 'silent';
    this.mode = 'open';
    if (wasSilent) for (const pair of this.pairs) this.drop(pair);
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket): void {
    this.accepted++;
    client.on('error', () => undefined);
    if (this.mode === 'refusing') {
      client.resetAndDestroy();
      return;
    }
    const server = connect(this.targetPort, this.targetHost);
    server.on('error', () => undefined);
    const pair = { client, server };
    this.pairs.add(pair);
    const rewriter = this.options.rewriter?.(this.port);
    client.on('data', (chunk: Buffer) => {
      if (this.mode !== 'open') return;
      server.write(rewriter ? rewriter.toServer(chunk) : chunk);
    });
    server.on('data', (chunk: Buffer) => {
      if (this.mode !== 'open') return;
      client.write(rewriter ? rewriter.toClient(chunk) : chunk);
    });
    const end = () => this.drop(pair);
    client.on('close', end);
    server.on('close', end);
  }

  private drop(pair: Pair): void {
    this.pairs.delete(pair);
    if (!pair.client.destroyed) pair.client.resetAndDestroy();
    if (!pair.server.destroyed) pair.server.destroy();
  }
}
