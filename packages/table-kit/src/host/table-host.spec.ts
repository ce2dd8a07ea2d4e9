import { CasinoEvent, makeEvent } from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { MemoryStateStore } from '../state/state-store';
import { TableHost } from './table-host';
import { Effects, StepResult, TableMachine } from './table-machine';

type S = { version: 1; ticks: number; resumed: boolean };
type I = { kind: 'tick' } | { kind: 'start-timer'; ms: number } | { kind: 'ask' };

/** A tiny machine: every tick publishes a RoundVoided and counts; 'ask' replies with the count. */
class CounterMachine implements TableMachine<S, I, number> {
  initial(): StepResult<S, I, number> {
    return { state: { version: 1, ticks: 0, resumed: false }, effects: [] };
  }
  step(state: S, input: I): StepResult<S, I, number> {
    const fx = new Effects<I>();
    if (input.kind === 'ask') return { state, effects: [], reply: state.ticks };
    if (input.kind === 'start-timer') {
      fx.schedule('t', input.ms, { kind: 'tick' });
      return { state, effects: fx.list };
    }
    fx.publish(
      makeEvent('RoundVoided', {
        tableId: 't1',
        roundId: `r${state.ticks}`,
        game: 'roulette',
        reason: 'cancelled',
      }),
    );
    fx.broadcast('tick', { n: state.ticks + 1 });
    return { state: { ...state, ticks: state.ticks + 1 }, effects: fx.list };
  }
  resume(state: S): StepResult<S, I, number> {
    return { state: { ...state, resumed: true }, effects: [] };
  }
  toSnapshot(state: S): unknown {
    return state;
  }
  fromSnapshot(snapshot: unknown): S | undefined {
    return (snapshot as S).version === 1 ? (snapshot as S) : undefined;
  }
}

function setup(store = new MemoryStateStore()) {
  const clock = new ManualClock(1000);
  const published: CasinoEvent[] = [];
  const order: string[] = [];
  const broadcasts: object[] = [];
  const kafka = { down: false };
  const host = new TableHost('t1', new CounterMachine(), {
    publisher: {
      publish: async (events) => {
        if (kafka.down) throw new Error('broker down');
        order.push('publish');
        published.push(...events);
      },
    },
    store: {
      load: (id) => store.load(id),
      save: async (id, s) => {
        order.push('save');
        await store.save(id, s);
      },
      close: async () => undefined,
    },
    clock,
    broadcaster: { toTable: (_t, _n, p) => broadcasts.push(p), toPlayer: () => undefined },
    log: () => undefined,
  });
  return { host, clock, published, order, broadcasts, store, kafka };
}

describe('TableHost', () => {
  it('applies inputs in order, persists before publishing, and replies', async () => {
    const { host, published, order, broadcasts } = setup();
    await host.start();
    const replies = await Promise.all([
      host.dispatch({ kind: 'tick' }),
      host.dispatch({ kind: 'tick' }),
      host.dispatch({ kind: 'ask' }),
    ]);
    expect(replies[2]).toBe(2);
    expect(published.map((e) => (e as { roundId: string }).roundId)).toEqual(['r0', 'r1']);
    expect(order.slice(-4)).toEqual(['save', 'publish', 'save', 'publish']);
    expect(broadcasts).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('fires timers through the clock, replacing a timer of the same name', async () => {
    const { host, clock } = setup();
    await host.start();
    await host.dispatch({ kind: 'start-timer', ms: 500 });
    await host.dispatch({ kind: 'start-timer', ms: 800 });
    clock.advance(600);
    await host.dispatch({ kind: 'ask' });
    expect(host.state.ticks).toBe(0);
    clock.advance(300);
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
  });

  it('resumes from the stored snapshot on the next start', async () => {
    const first = setup();
    await first.host.start();
    await first.host.dispatch({ kind: 'tick' });
    await first.host.stop();
    const second = setup(first.store);
    await second.host.start();
    expect(second.host.state).toEqual({ version: 1, ticks: 1, resumed: true });
  });

  it('keeps running and publishes in order once Kafka takes events again', async () => {
    const { host, clock, published, broadcasts, kafka } = setup();
    kafka.down = true;
    await host.start();
    await host.dispatch({ kind: 'tick' });
    await host.dispatch({ kind: 'tick' });
    expect(broadcasts).toHaveLength(2);
    expect(published).toHaveLength(0);
    kafka.down = false;
    clock.advance(1000);
    await host.dispatch({ kind: 'ask' });
    expect(published.map((e) => (e as { roundId: string }).roundId)).toEqual(['r0', 'r1']);
  });
});
