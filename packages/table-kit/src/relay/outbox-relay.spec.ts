import { CasinoEvent, makeEvent } from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { MemoryStateStore } from '../state/state-store';
import { OutboxRelay } from './outbox-relay';

const opened = (tableId: string) => makeEvent('BettingClosed', { tableId, roundId: 'r1', game: 'roulette' });
const bet = (tableId: string) =>
  makeEvent('PlaceBet', {
    tableId,
    roundId: 'r1',
    game: 'roulette',
    playerId: 'p1',
    operatorId: 'op',
    currency: 'EUR',
    stake: 100n,
    bet: { game: 'roulette', spec: { type: 'red' } },
  });

const voided = (roundId: string) =>
  makeEvent('RoundVoided', { tableId: 't1', roundId, game: 'roulette', reason: 'cancelled' });

/** A memory store whose marking can fail (as PostgreSQL gone between the send and the mark). */
class MarkFailingStore extends MemoryStateStore {
  failMarks = 0;
  override async markSent(seqs: readonly string[]): Promise<void> {
    if (this.failMarks > 0) {
      this.failMarks--;
      throw new Error('connection terminated');
    }
    await super.markSent(seqs);
  }
}

function setup() {
  const clock = new ManualClock(0);
  const store = new MarkFailingStore();
  const sent: string[] = [];
  const kafka = { down: false, hang: undefined as Promise<void> | undefined };
  const changes: boolean[] = [];
  const relay = new OutboxRelay(
    store,
    {
      publish: async (events: readonly CasinoEvent[]) => {
        if (kafka.hang) await kafka.hang;
        if (kafka.down) throw new Error('broker unreachable');
        sent.push(...events.map((e) => (e as { roundId: string }).roundId));
      },
    },
    clock,
    {
      sendTimeoutMs: 1000,
      retry: { initialMs: 100, maxMs: 400 },
      batchSize: 2,
      keepSentMs: 1000,
      log: () => undefined,
    },
  );
  relay.onKafkaChange((reachable) => changes.push(reachable));
  return { clock, store, sent, kafka, relay, changes };
}

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

describe('OutboxRelay', () => {
  it('publishes the outbox in commit order, in batches, and marks what Kafka took', async () => {
    const { store, sent, relay } = setup();
    await store.commit('t1', {}, [voided('a'), voided('b'), voided('c')]);
    relay.wake();
    await store.commit('t1', {}, [voided('d')]);
    relay.wake();
    await settle();
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
    expect(await store.unsent(10)).toEqual([]);
  });

  it('keeps events in the outbox while Kafka is down, reports it, and sends them in order once it is back', async () => {
    const { clock, store, sent, kafka, relay, changes } = setup();
    kafka.down = true;
    await store.commit('t1', {}, [voided('a')]);
    relay.wake();
    await settle();
    expect(relay.kafkaReachable).toBe(false);
    await store.commit('t1', {}, [voided('b')]);
    relay.wake(); // a retry is scheduled: nothing more happens now
    clock.advance(100);
    await settle();
    expect(sent).toEqual([]);
    expect((await store.unsent(10)).length).toBe(2);
    kafka.down = false;
    clock.advance(200);
    await settle();
    expect(sent).toEqual(['a', 'b']);
    expect(changes).toEqual([false, true]);
  });

  it('reports Kafka unreachable when a send hangs past the send timeout, and reachable when it completes', async () => {
    const { clock, store, kafka, relay, changes } = setup();
    let release = () => undefined as void;
    kafka.hang = new Promise<void>((r) => (release = r));
    await store.commit('t1', {}, [voided('a')]);
    relay.wake();
    await settle();
    clock.advance(1000);
    expect(changes).toEqual([false]);
    kafka.hang = undefined;
    release();
    await settle();
    expect(changes).toEqual([false, true]);
  });

  it('never sends a batch twice when marking it failed: it retries the mark first', async () => {
    const { clock, store, sent, relay } = setup();
    store.failMarks = 2;
    await store.commit('t1', {}, [voided('a'), voided('b')]);
    relay.wake();
    await settle();
    clock.advance(100);
    await settle();
    clock.advance(200);
    await settle();
    expect(sent).toEqual(['a', 'b']);
    expect(await store.unsent(10)).toEqual([]);
  });

  it('adds no event twice to the outbox when a commit is retried after it did commit', async () => {
    const { store, sent, relay } = setup();
    const event = voided('a');
    await store.commit('t1', {}, [event]);
    relay.wake();
    await settle();
    await store.commit('t1', {}, [event]);
    relay.wake();
    await settle();
    expect(sent).toEqual(['a']);
  });

  it('sends the rest of a batch, not all of it again, after a later wave failed', async () => {
    const { clock, store, sent } = setup();
    const calls: number[] = [];
    let failSecond = true;
    const flaky = new OutboxRelay(
      store,
      {
        publish: async (events: readonly CasinoEvent[]) => {
          calls.push(events.length);
          if (calls.length === 2 && failSecond) {
            failSecond = false;
            throw new Error('broker unreachable');
          }
          sent.push(...events.map((e) => e.type));
        },
      },
      clock,
      {
        sendTimeoutMs: 1000,
        retry: { initialMs: 100, maxMs: 400 },
        batchSize: 10,
        keepSentMs: 1000,
        log: () => undefined,
      },
    );
    await store.commit('t1', {}, [opened('t1'), bet('t1'), voided('z')]);
    flaky.wake();
    await settle();
    clock.advance(100);
    await settle();
    expect(sent).toEqual(['BettingClosed', 'PlaceBet', 'RoundVoided']);
    expect(calls).toEqual([1, 1, 1, 1]);
    expect(await store.unsent(10)).toEqual([]);
  });
});

describe('OutboxRelay: the state store adapter', () => {
  it('passes an event that does not decode over as sent, logged, and sends the others; tells what Kafka took', async () => {
    const clock = new ManualClock(0);
    const store = new MemoryStateStore();
    const published: string[][] = [];
    const logs: string[] = [];
    const marked: string[] = [];
    const relay = new OutboxRelay(
      store,
      { publish: async (events) => void published.push(events.map((e) => e.type)) },
      clock,
      {
        sendTimeoutMs: 1000,
        retry: { initialMs: 100, maxMs: 400 },
        batchSize: 10,
        keepSentMs: 1000,
        log: (m) => logs.push(m),
      },
    );
    const taken: string[] = [];
    relay.onPublished((entries) => taken.push(...entries.map((e) => `${e.tableId}/${e.eventId}`)));
    await store.commit('t1', {}, [voided('a')]);
    const read = store.unsent.bind(store);
    let garbled = true;
    store.unsent = async (limit, keys) => {
      const rows = await read(limit, keys);
      if (!garbled) return rows;
      garbled = false;
      return [{ seq: '0', tableId: 't1', eventId: 'garbled', event: '{"type":"Nope"}' }, ...rows];
    };
    const markSent = store.markSent.bind(store);
    store.markSent = async (seqs) => {
      marked.push(...seqs);
      await markSent(seqs);
    };
    relay.wake();
    await settle();
    expect(published.flat()).toEqual(['RoundVoided']); // the garbled one in a send of its own, empty
    expect(taken).toEqual(['t1/garbled', expect.stringMatching(/^t1\//)]);
    expect(marked).toEqual(['0', '1']);
    expect(logs.filter((l) => l.startsWith('outbox relay: parking undecodable event garbled'))).toHaveLength(
      1,
    );
    expect(await store.unsent(10)).toEqual([]);
  });
});

describe('OutboxRelay: events the broker refuses', () => {
  const refused = (type: string) =>
    Object.assign(new Error('retries exceeded'), {
      cause: Object.assign(new Error('refused'), { type }),
    });
  const at = (tableId: string, roundId: string) =>
    makeEvent('RoundVoided', { tableId, roundId, game: 'roulette', reason: 'cancelled' });

  function refusing(failing: (e: CasinoEvent) => Error | undefined) {
    const clock = new ManualClock(0);
    const store = new MarkFailingStore();
    const sent: string[] = [];
    const logs: string[] = [];
    const relay = new OutboxRelay(
      store,
      {
        publish: async (events: readonly CasinoEvent[]) => {
          for (const e of events) {
            const err = failing(e);
            if (err) throw err;
          }
          sent.push(
            ...events.map(
              (e) => `${(e as { tableId: string }).tableId}/${(e as { roundId: string }).roundId}`,
            ),
          );
        },
      },
      clock,
      {
        sendTimeoutMs: 1000,
        retry: { initialMs: 100, maxMs: 400 },
        batchSize: 10,
        keepSentMs: 1000,
        refusals: { parkAfterAttempts: 3, retryMs: 100, maxRetryMs: 200 },
        log: (m) => logs.push(m),
      },
    );
    return { clock, store, sent, logs, relay };
  }

  it("parks a refused event after bounded attempts; the other tables go on, its table's later events wait", async () => {
    const { clock, store, sent, logs, relay } = refusing((e) =>
      (e as { roundId: string }).roundId === 'bad' ? refused('MESSAGE_TOO_LARGE') : undefined,
    );
    await store.commit('t1', {}, [at('t1', 'a'), at('t1', 'bad'), at('t1', 'c')]);
    await store.commit('t2', {}, [at('t2', 'x')]);
    relay.wake();
    await settle();
    expect(sent).toEqual(['t1/a', 't2/x']);
    await store.commit('t2', {}, [at('t2', 'y')]);
    relay.wake();
    await settle();
    expect(sent).toEqual(['t1/a', 't2/x', 't2/y']);
    clock.advance(100); // second attempt
    await settle();
    clock.advance(200); // third: parked
    await settle();
    expect(store.parked()).toEqual([
      { seq: '2', tableId: 't1', error: expect.stringContaining('MESSAGE_TOO_LARGE') },
    ]);
    expect(relay.parked).toBe(1);
    expect(logs.filter((l) => l.startsWith('ALERT table outbox event parked'))).toHaveLength(1);
    expect(relay.kafkaReachable).toBe(true);
    await store.commit('t2', {}, [at('t2', 'z')]);
    await store.commit('t1', {}, [at('t1', 'd')]);
    relay.wake();
    clock.advance(10_000);
    await settle();
    expect(sent).toEqual(['t1/a', 't2/x', 't2/y', 't2/z']);
    expect(await store.unsent(10)).toEqual([]); // t1's are behind its parked event
  });

  it('retries a held table whose wait ran out while the outbox was being read, and parks it in time', async () => {
    const { clock, store, logs, relay } = refusing((e) =>
      (e as { roundId: string }).roundId === 'bad' ? refused('MESSAGE_TOO_LARGE') : undefined,
    );
    const held = () => logs.filter((l) => l.startsWith('outbox relay: Kafka refused event')).length;
    // Every read of the outbox takes longer than the hold's first wait (100 ms): a slow database.
    const read = store.unsent.bind(store);
    store.unsent = async (limit, keys) => {
      const rows = await read(limit, keys);
      clock.advance(150);
      return rows;
    };
    await store.commit('t1', {}, [at('t1', 'bad')]);
    relay.wake();
    await settle();
    expect(held()).toBe(1);
    clock.advance(0); // its retry fell due during the read that left it out: due at once
    await settle();
    expect(held()).toBe(2);
    clock.advance(200);
    await settle();
    expect(relay.parked).toBe(1);
  });

  it('finds the refused event in a batch sent together and refuses its topic without a send meanwhile', async () => {
    const { store, sent, relay } = refusing((e) =>
      (e as { tableId: string }).tableId === 't1' ? refused('UNKNOWN_TOPIC_OR_PARTITION') : undefined,
    );
    await store.commit('t1', {}, [at('t1', 'a')]);
    await store.commit('t2', {}, [at('t2', 'b')]);
    relay.wake();
    await settle();
    expect(sent).toEqual([]); // same topic: t1's refusal is the topic's, t2 waits for the next attempt too
    expect(store.parked()).toEqual([]);
  });

  it('parks nothing while Kafka is unreachable, however many attempts fail', async () => {
    const { clock, store, sent, relay } = refusing(() => new Error('Connection error: ECONNREFUSED'));
    await store.commit('t1', {}, [at('t1', 'a'), at('t1', 'b')]);
    relay.wake();
    for (let i = 0; i < 20; i++) {
      await settle();
      clock.advance(400);
    }
    expect(sent).toEqual([]);
    expect(store.parked()).toEqual([]);
    expect(relay.parked).toBe(0);
    expect(relay.kafkaReachable).toBe(false);
  });
});
