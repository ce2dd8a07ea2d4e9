import { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { ServerOptions } from 'socket.io';

/** What the players' socket.io server takes from the service's configuration. */
export interface PlayerSocketOptions {
  /** The largest message a client may send (socket.io `maxHttpBufferSize`); a larger one drops the connection. */
  maxMessageBytes: number;
}

/**
 * The socket.io server of the players' gateway, configured from the environment (the `@WebSocketGateway`
 * decorator can only hold constants): message size limit.
 */
export class PlayerSocketAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly socketOptions: PlayerSocketOptions,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): unknown {
    return super.createIOServer(port, {
      ...options,
      maxHttpBufferSize: this.socketOptions.maxMessageBytes,
    } as ServerOptions);
  }
}
