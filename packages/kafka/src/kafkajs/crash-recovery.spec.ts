import type { Consumer } from 'kafkajs';
import { CrashRecovery, isTransientCrash } from './crash-recovery';

/** The part of a kafkajs consumer the recovery uses: its events, connect. */
function fakeConsumer() {
  const listeners = new Map<string, ((e: { payload: unknown }) => void)[]>();
  const consumer = {
    events: { CRASH: 'crash', GROUP_JOIN: 'join' },
    on: (event: string, fn: (e: { payload: unknown }) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), fn]);
      return () => undefined;
    },
    connect: jest.fn(async () => undefined),
    disconnect: jest.fn(async () => undefined),
  };
  const emit = (event: string, payload: unknown) => listeners.get(event)?.forEach((fn) => fn({ payload }));
  return {
    consumer: consumer as unknown as Consumer,
    connect: consumer.connect,
    disconnect: consumer.disconnect,
    emit,
  };
}

const named = (name: string, cause?: Error) => Object.assign(new Error(name), { name, cause });

describe('isTransientCrash', () => {
  it('knows the coordinator and connection failures kafkajs will not restart after, through causes', () => {
    expect(isTransientCrash(named('KafkaJSGroupCoordinatorNotFound'))).toBe(true);
    expect(isTransientCrash(named('KafkaJSNonRetriableError', named('KafkaJSConnectionError')))).toBe(true);
    expect(isTransientCrash(named('KafkaJSProtocolError'))).toBe(false);
    expect(isTransientCrash(new Error('bad handler'))).toBe(false);
  });
});

describe('CrashRecovery', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reconnects and runs again after a transient crash kafkajs gave up on, backing off', async () => {
    const { consumer, connect, emit } = fakeConsumer();
    const recovery = new CrashRecovery(consumer);
    const rerun = jest.fn(async () => undefined);
    recovery.running(rerun);
    const crash = { error: named('KafkaJSGroupCoordinatorNotFound'), restart: false };
    expect(recovery.willRecover(crash)).toBe(true);
    emit('crash', crash);
    await jest.advanceTimersByTimeAsync(499);
    expect(rerun).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect([connect.mock.calls.length, rerun.mock.calls.length]).toEqual([1, 1]);
    // Still away: the next attempt waits twice as long.
    emit('crash', crash);
    await jest.advanceTimersByTimeAsync(999);
    expect(rerun).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(rerun).toHaveBeenCalledTimes(2);
  });

  it("leaves kafkajs's own restarts, fatal errors and a stopped consumer alone", async () => {
    const { consumer, emit } = fakeConsumer();
    const recovery = new CrashRecovery(consumer);
    const rerun = jest.fn(async () => undefined);
    recovery.running(rerun);
    const restarted = { error: named('KafkaJSNumberOfRetriesExceeded'), restart: true };
    const fatal = { error: named('KafkaJSProtocolError'), restart: false };
    expect([recovery.willRecover(restarted), recovery.willRecover(fatal)]).toEqual([false, false]);
    emit('crash', restarted);
    emit('crash', fatal);
    recovery.stop();
    const transient = { error: named('KafkaJSConnectionError'), restart: false };
    expect(recovery.willRecover(transient)).toBe(false);
    emit('crash', transient);
    await jest.advanceTimersByTimeAsync(10_000);
    expect(rerun).not.toHaveBeenCalled();
  });

  it('does not run a consumer disconnected while it was reconnecting', async () => {
    const { consumer, connect, disconnect, emit } = fakeConsumer();
    const recovery = new CrashRecovery(consumer);
    const rerun = jest.fn(async () => undefined);
    recovery.running(rerun);
    connect.mockImplementationOnce(async () => {
      recovery.stop();
      return undefined;
    });
    emit('crash', { error: named('KafkaJSGroupCoordinatorNotFound'), restart: false });
    await jest.advanceTimersByTimeAsync(500);
    expect([rerun.mock.calls.length, disconnect.mock.calls.length]).toEqual([0, 1]);
  });
});
