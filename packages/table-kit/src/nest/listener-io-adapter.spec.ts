import { MessageMappingProperties } from '@nestjs/websockets';
import { EventEmitter } from 'node:events';
import { from, isObservable, Observable, of } from 'rxjs';
import { ListenerIoAdapter } from './listener-io-adapter';

/** As Nest's transform: a promise or a value becomes an observable. */
const transform = (v: unknown): Observable<unknown> =>
  isObservable(v) ? v : v instanceof Promise ? from(v) : of(v);

function bound(handlers: Record<string, (data: unknown) => unknown>) {
  const incoming = new EventEmitter();
  const emitted: unknown[][] = [];
  const socket = {
    on: (event: string, listener: (...args: unknown[]) => void) => incoming.on(event, listener),
    emit: (...args: unknown[]) => emitted.push(args),
  } as unknown as Parameters<ListenerIoAdapter['bindMessageHandlers']>[0];
  const mappings = Object.entries(handlers).map(([message, handle]): MessageMappingProperties => ({
    message,
    methodName: message,
    isAckHandledManually: false,
    callback: (data: unknown) => {
      const answer = handle(data);
      return answer instanceof Promise ? answer : of(answer);
    },
  }));
  new ListenerIoAdapter().bindMessageHandlers(socket, mappings, transform);
  const send = (message: string, ...args: unknown[]) => incoming.emit(message, ...args);
  return { send, emitted };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('ListenerIoAdapter', () => {
  it("acknowledges a message with its handler's answer, sync or async", async () => {
    const { send } = bound({
      placeBet: (data) => Promise.resolve({ ok: true, echo: data }),
      ping: () => ({ ok: true }),
    });
    const acks: unknown[] = [];
    send('placeBet', { amount: '100' }, (a: unknown) => acks.push(a));
    send('ping', (a: unknown) => acks.push(a));
    await flush();
    expect(acks).toEqual([{ ok: true }, { ok: true, echo: { amount: '100' } }]);
  });

  it('hands several arguments to the handler as an array', async () => {
    const seen: unknown[] = [];
    const { send } = bound({ pair: (data) => seen.push(data) });
    send('pair', 'a', 'b', () => undefined);
    await flush();
    expect(seen).toEqual([['a', 'b']]);
  });

  it('emits an answer that names an event, and sends nothing for a nil answer', async () => {
    const { send, emitted } = bound({ hello: () => ({ event: 'welcome', data: 1 }), quiet: () => null });
    const acks: unknown[] = [];
    send('hello', {}, (a: unknown) => acks.push(a));
    send('quiet', {}, (a: unknown) => acks.push(a));
    await flush();
    expect(emitted).toEqual([['welcome', 1]]);
    expect(acks).toEqual([]);
  });

  it('keeps handling messages after a handler failed', async () => {
    let calls = 0;
    const { send } = bound({
      flaky: () => (calls++ === 0 ? Promise.reject(new Error('boom')) : Promise.resolve({ ok: true })),
    });
    const acks: unknown[] = [];
    send('flaky', {}, (a: unknown) => acks.push(a));
    send('flaky', {}, (a: unknown) => acks.push(a));
    await flush();
    expect(acks).toEqual([{ ok: true }]);
  });
});
