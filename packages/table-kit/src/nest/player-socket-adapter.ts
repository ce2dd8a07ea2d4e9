import { INestApplicationContext } from '@nestjs/common';
import { Server, ServerOptions } from 'socket.io';
import { OriginPolicy } from '../sessions/origin-policy';
import { ListenerIoAdapter } from './listener-io-adapter';

/** What the players' socket.io server takes from the service's configuration. */
export interface PlayerSocketOptions {
  /** The largest message a client may send (socket.io `maxHttpBufferSize`); a larger one drops the connection. */
  maxMessageBytes: number;
  /** Browser origins allowed to connect (CORS of the polling transport, and every request and upgrade). */
  originPolicy: OriginPolicy;
}

/**
 * The socket.io server of the players' gateway, configured from the environment (the `@WebSocketGateway`
 * decorator can only hold constants): message size limit and allowed origins. A request from another origin is
 * refused with HTTP 403 before socket.io sees it. Message handlers are bound as plain listeners (ListenerIoAdapter).
 */
export class PlayerSocketAdapter extends ListenerIoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly socketOptions: PlayerSocketOptions,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const policy = this.socketOptions.originPolicy;
    return super.createIOServer(port, {
      ...options,
      maxHttpBufferSize: this.socketOptions.maxMessageBytes,
      cors: {
        origin: (origin: string | undefined, done: (err: Error | null, allow?: boolean) => void) =>
          done(null, policy.allowsOrigin(origin)),
      },
      allowRequest: (req, done) => done(null, policy.allowsOrigin(req.headers.origin)),
    } as ServerOptions);
  }
}
