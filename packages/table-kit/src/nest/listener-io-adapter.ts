import { Logger } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { MessageMappingProperties } from '@nestjs/websockets';
import { Observable } from 'rxjs';

/** A handler's answer that is sent as an event of its own rather than as the acknowledgement. */
interface EventAnswer {
  event: string;
  data?: unknown;
}

/** The socket as IoAdapter types it (its own copy of socket.io). */
type IoSocket = Parameters<IoAdapter['bindMessageHandlers']>[0];

const isEventAnswer = (answer: unknown): answer is EventAnswer =>
  typeof answer === 'object' && answer !== null && typeof (answer as EventAnswer).event === 'string';

/**
 * Nest's socket.io adapter with a socket's message handlers bound as plain listeners. IoAdapter binds each
 * handler through an RxJS pipeline that lives as long as the socket (fromEvent, mergeMap, takeUntil the
 * disconnect): with a table's dozen messages, about 36 subscribers and 200 closures a socket, 35–40 KB of heap for
 * each connected player (docs/benchmarks.md). The behaviour is IoAdapter's: a handler's answer is the message's
 * acknowledgement, or an event when it names one; a nil answer sends nothing.
 */
export class ListenerIoAdapter extends IoAdapter {
  private readonly log = new Logger('PlayerSocket');

  override bindMessageHandlers(
    socket: IoSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    for (const { message, callback, isAckHandledManually } of handlers) {
      socket.on(message as string, (...args: unknown[]) => {
        // As rxjs fromEvent hands them to IoAdapter: one argument alone, several as an array.
        const { data, ack } = this.mapPayload(args.length === 1 ? args[0] : args);
        transform(callback(data, ack)).subscribe({
          next: (answer) => {
            if (answer === null || answer === undefined) return;
            if (isEventAnswer(answer)) socket.emit(answer.event, answer.data);
            else if (!isAckHandledManually && typeof ack === 'function') ack(answer);
          },
          error: (err: unknown) =>
            this.log.error(`${String(message)}: ${(err as Error)?.stack ?? String(err)}`),
        });
      });
    }
  }
}
