import { causalWaves } from './causal-waves';
import { OutboxRelayCore } from './outbox-relay';
import { OutboxRelayOptions } from './relay-options';
import { OutboxMessage, OutboxPublisher, OutboxStore, RelayClock } from './ports';
import { Refusal } from './refusals';

interface Msg extends OutboxMessage {
  readonly topic: string | undefined;
}

/** Time that moves only when a test advances it; due timers fire in order. */
class ManualClock implements RelayClock {
  private time = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fire: () => void }>();

  now(): number {
    return this.time;
  }

  setTimer(ms: number, fire: () => void) {
    const id = ++this.seq;
    this.timers.set(id, { at: this.time + ms, fire });
    return { cancel: () => void this.timers.delete(id) };
  }

  advance(ms: number): void {
    const until = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, t]) => t.at <= until).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].fire();
    }
    this.time = until;
  }
}

/** An outbox in memory: ids in commit order; marks, claims and the lead can be made to fail or be refused. */
class MemoryOutbox implements OutboxStore<Msg> {
  private next = 0;
  rows: { m: Msg; sent: boolean; parked?: string }[] = [];
  failMarks = 0;
  claims = 0;
  onClaim: () => void = () => undefined;

  add(key: string, topic: string | undefined, count = 1): Msg[] {
    const added = Array.from({ length: count }, () => ({ id: String(++this.next), key, topic }));
    this.rows.push(...added.map((m) => ({ m, sent: false })));
    return added;
  }

  unsent(): Msg[] {
    return this.rows.filter((r) => !r.sent && !r.parked).map((r) => r.m);
  }

  parked(): { id: string; key: string; error: string }[] {
    return this.rows.flatMap((r) => (r.parked ? [{ id: r.m.id, key: r.m.key, error: r.parked }] : []));
  }

  async claim(limit: number, heldKeys: readonly string[], published: readonly Msg[]): Promise<Msg[]> {
    await this.markPublished(published);
    this.claims++;
    const parkedKeys = new Set(this.parked().map((p) => p.key));
    const rows = this.unsent()
      .filter((m) => !heldKeys.includes(m.key) && !parkedKeys.has(m.key))
      .slice(0, limit);
    this.onClaim();
    return rows;
  }

  async markPublished(published: readonly Msg[]): Promise<void> {
    if (published.length === 0) return;
    if (this.failMarks > 0) {
      this.failMarks--;
      throw new Error('connection terminated');
    }
    const ids = new Set(published.map((m) => m.id));
    for (const r of this.rows) if (ids.has(r.m.id)) r.sent = true;
  }

  async park(m: Msg, error: string): Promise<void> {
    const row = this.rows.find((r) => r.m.id === m.id);
    if (row) row.parked = error;
  }
}

/** A leading outbox (the ledger's kind): one relay leads at a time, its parked keys are read. */
class LeadingOutbox extends MemoryOutbox {
  lockedBy: unknown = undefined;
  steppedDown: string[][] = [];

  /** The outbox as the relay of `owner` sees it. */
  portOf(owner: unknown): OutboxStore<Msg> {
    return {
      claim: (limit, held, published) => this.claim(limit, held, published),
      markPublished: (published) => this.markPublished(published),
      park: (m, error) => this.park(m, error),
      parkedKeys: () => this.parkedKeys(),
      lead: async () => {
        if (this.lockedBy !== undefined && this.lockedBy !== owner) return false;
        this.lockedBy = owner;
        return true;
      },
      stepDown: async (published) => {
        this.steppedDown.push(published.map((m) => m.id));
        await this.markPublished(published).catch(() => undefined);
        if (this.lockedBy === owner) this.lockedBy = undefined;
      },
    };
  }

  async parkedKeys(): Promise<string[]> {
    return this.parked().map((p) => p.key);
  }
}

/** A broker: records what it took; can be down, hang, or refuse some messages. */
class FakeBroker implements OutboxPublisher<Msg> {
  refusalBeforeSend?: (topic: string) => Promise<Refusal | undefined>;
  sent: string[] = [];
  requests: number[] = [];
  down = false;
  hang: Promise<void> | undefined;
  refuse: (m: Msg) => Error | undefined = () => undefined;
  failRequest: number | undefined;

  async send(messages: readonly Msg[]): Promise<void> {
    this.requests.push(messages.length);
    if (this.hang) await this.hang;
    if (this.down) throw new Error('Connection error: ECONNREFUSED');
    if (this.failRequest === this.requests.length) throw new Error('broker unreachable');
    for (const m of messages) {
      const err = this.refuse(m);
      if (err) throw err;
    }
    this.sent.push(...messages.map((m) => m.id));
  }
}

const refused = (type: string) =>
  Object.assign(new Error('retries exceeded'), { cause: Object.assign(new Error('refused'), { type }) });

const settle = async () => {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
};

function setup(
  options: Partial<OutboxRelayOptions<Msg>> = {},
  store: MemoryOutbox = new MemoryOutbox(),
  port: OutboxStore<Msg> = store,
) {
  const clock = new ManualClock();
  const broker = new FakeBroker();
  const logs: string[] = [];
  const log = (m: string) => void logs.push(m);
  const changes: boolean[] = [];
  const relay = new OutboxRelayCore<Msg>(
    port,
    broker,
    clock,
    { info: log, warn: log, error: log },
    {
      batchSize: 2,
      pollMs: Infinity,
      pollUntilEmpty: true,
      retry: { initialMs: 100, maxMs: 400 },
      sendTimeoutMs: 1000,
      refusals: { parkAfterAttempts: 3, retryMs: 100, maxRetryMs: 200 },
      causalOrder: true,
      narration: {
        held: (m, refusal: Refusal, attempts) => `held ${m.id} ${refusal.code} attempt ${attempts}`,
        parked: (m, error) => `ALERT parked ${m.id}: ${error}`,
      },
      ...options,
    },
  );
  relay.onReachability((reachable) => changes.push(reachable));
  return { clock, store, broker, logs, relay, changes };
}

describe('OutboxRelayCore', () => {
  it('publishes the outbox in commit order, in batches, and marks what the broker took', async () => {
    const { store, broker, relay } = setup();
    store.add('t1', 'rounds', 3);
    relay.wake();
    store.add('t1', 'rounds');
    relay.wake();
    await settle();
    expect(broker.sent).toEqual(['1', '2', '3', '4']);
    expect(broker.requests).toEqual([2, 2]);
    expect(store.unsent()).toEqual([]);
    expect(relay.publishedCount).toBe(4);
  });

  it('keeps messages while the broker is down, reports it, and sends them in order once it is back', async () => {
    const { clock, store, broker, relay, changes } = setup();
    broker.down = true;
    store.add('t1', 'rounds');
    relay.wake();
    await settle();
    expect(relay.brokerReachable).toBe(false);
    expect(relay.brokerDownSince).toBe(0);
    store.add('t1', 'rounds');
    relay.wake(); // a retry is scheduled: nothing more happens now
    clock.advance(100);
    await settle();
    expect(broker.sent).toEqual([]);
    expect(store.unsent()).toHaveLength(2);
    broker.down = false;
    clock.advance(200);
    await settle();
    expect(broker.sent).toEqual(['1', '2']);
    expect(changes).toEqual([false, true]);
  });

  it('reports the broker unreachable when a send hangs past the send timeout, and reachable when it completes', async () => {
    const { clock, store, broker, relay, changes } = setup();
    let release = () => undefined as void;
    broker.hang = new Promise<void>((r) => (release = r));
    store.add('t1', 'rounds');
    relay.wake();
    await settle();
    clock.advance(1000);
    expect(changes).toEqual([false]);
    broker.hang = undefined;
    release();
    await settle();
    expect(changes).toEqual([false, true]);
  });

  it('never sends a batch twice when marking it failed: it retries the mark first', async () => {
    const { clock, store, broker, relay } = setup();
    store.failMarks = 2;
    store.add('t1', 'rounds', 2);
    relay.wake();
    await settle();
    clock.advance(100);
    await settle();
    clock.advance(200);
    await settle();
    expect(broker.sent).toEqual(['1', '2']);
    expect(store.unsent()).toEqual([]);
  });

  it("sends a key's messages across topics cause first: a later topic waits for the next send", () => {
    const m = (key: string, id: string, topic: string | undefined): Msg => ({ id, key, topic });
    const [a1, a2, a3, a4, b1] = [
      m('a', '1', 'rounds'),
      m('a', '2', 'bets'),
      m('a', '3', 'bets'),
      m('a', '4', 'rounds'),
      m('b', '5', 'bets'),
    ];
    const undecodable = m('a', '6', undefined);
    expect(causalWaves([a1, a2, b1, a3, a4, undecodable])).toEqual([
      [a1, b1],
      [a2, a3],
      [a4, undecodable],
    ]);
  });

  it('sends the rest of a batch, not all of it again, after a later wave failed', async () => {
    const { clock, store, broker, relay } = setup({ batchSize: 10 });
    store.add('t1', 'rounds');
    store.add('t1', 'bets');
    store.add('t1', 'rounds');
    broker.failRequest = 2;
    relay.wake();
    await settle();
    clock.advance(100);
    await settle();
    expect(broker.sent).toEqual(['1', '2', '3']);
    expect(broker.requests).toEqual([1, 1, 1, 1]);
    expect(store.unsent()).toEqual([]);
  });

  it('passes a message without a topic over as published, sending the others', async () => {
    const { store, broker, relay } = setup();
    store.add('t1', undefined);
    store.add('t1', 'rounds');
    relay.wake();
    await settle();
    expect(broker.sent).toEqual(['1', '2']); // the fake takes what it is given; a real publisher sends none for it
    expect(store.unsent()).toEqual([]);
  });

  it('splits a send into the requests the options make, each marked once taken', async () => {
    const { clock, store, broker, relay } = setup({
      batchSize: 10,
      requests: (ms) => [ms.slice(0, 2), ms.slice(2)],
    });
    store.add('t1', 'rounds', 4);
    broker.failRequest = 2;
    relay.wake();
    await settle();
    expect(broker.sent).toEqual(['1', '2']);
    clock.advance(100);
    await settle();
    expect(broker.sent).toEqual(['1', '2', '3', '4']); // the first request is not sent again
  });

  it('answers a flush once a claim begun after it found nothing, and false when it cannot', async () => {
    const { clock, store, broker, relay } = setup();
    store.add('t1', 'rounds', 3);
    const flushed = relay.flush(500);
    await settle();
    await expect(flushed).resolves.toBe(true);
    broker.down = true;
    store.add('t1', 'rounds');
    const stuck = relay.flush(500);
    await settle();
    clock.advance(500);
    await expect(stuck).resolves.toBe(false);
  });
});

describe('OutboxRelayCore: messages the broker refuses', () => {
  it("parks a refused message after bounded attempts; the other keys go on, its key's later messages wait", async () => {
    const { clock, store, broker, logs, relay } = setup({ batchSize: 10 });
    const [, bad] = store.add('t1', 'rounds', 3);
    broker.refuse = (m) => (m.id === bad.id ? refused('MESSAGE_TOO_LARGE') : undefined);
    store.add('t2', 'rounds');
    relay.wake();
    await settle();
    expect(broker.sent).toEqual(['1', '4']);
    store.add('t2', 'rounds');
    relay.wake();
    await settle();
    expect(broker.sent).toEqual(['1', '4', '5']);
    clock.advance(100); // second attempt
    await settle();
    clock.advance(200); // third: parked
    await settle();
    expect(store.parked()).toEqual([
      { id: '2', key: 't1', error: expect.stringContaining('MESSAGE_TOO_LARGE') },
    ]);
    expect(relay.parked).toBe(1);
    expect(logs.filter((l) => l.startsWith('ALERT parked'))).toHaveLength(1);
    expect(logs.filter((l) => l.startsWith('held 2'))).toHaveLength(2);
    expect(relay.brokerReachable).toBe(true);
    store.add('t2', 'rounds');
    store.add('t1', 'rounds');
    relay.wake();
    clock.advance(10_000);
    await settle();
    expect(broker.sent).toEqual(['1', '4', '5', '6']);
    expect(store.unsent().map((m) => m.id)).toEqual(['3', '7']); // t1's are behind its parked message
  });

  it('retries a held key whose wait ran out while the outbox was being read, and parks it in time', async () => {
    const { clock, store, broker, logs, relay } = setup();
    broker.refuse = () => refused('MESSAGE_TOO_LARGE');
    const held = () => logs.filter((l) => l.startsWith('held')).length;
    store.onClaim = () => clock.advance(150); // every read takes longer than the hold's first wait: a slow store
    store.add('t1', 'rounds');
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

  it('finds the refused message in a batch sent together and refuses its topic without a send meanwhile', async () => {
    const { store, broker, relay } = setup();
    broker.refuse = (m) => (m.key === 't1' ? refused('UNKNOWN_TOPIC_OR_PARTITION') : undefined);
    store.add('t1', 'rounds');
    store.add('t2', 'rounds');
    relay.wake();
    await settle();
    expect(broker.sent).toEqual([]); // same topic: t1's refusal is the topic's, t2 waits for the next attempt too
    expect(broker.requests).toEqual([2, 1]);
    expect(store.parked()).toEqual([]);
  });

  it('refuses a message on a topic the publisher knows is missing, without a send', async () => {
    const { clock, store, broker, relay } = setup();
    broker.refusalBeforeSend = async (topic: string) =>
      topic === 'missing'
        ? { code: 'UNKNOWN_TOPIC_OR_PARTITION', topicLevel: true, message: 'gone' }
        : undefined;
    store.add('t1', 'missing');
    store.add('t2', 'rounds');
    relay.wake();
    await settle();
    clock.advance(100);
    await settle();
    clock.advance(200);
    await settle();
    expect(broker.sent).toEqual(['2']);
    expect(broker.requests).toEqual([1]);
    expect(store.parked()).toEqual([{ id: '1', key: 't1', error: 'UNKNOWN_TOPIC_OR_PARTITION: gone' }]);
  });

  it('parks nothing while the broker is unreachable, however many attempts fail', async () => {
    const { clock, store, broker, relay } = setup();
    broker.down = true;
    store.add('t1', 'rounds', 2);
    relay.wake();
    for (let i = 0; i < 20; i++) {
      await settle();
      clock.advance(400);
    }
    expect(broker.sent).toEqual([]);
    expect(store.parked()).toEqual([]);
    expect(relay.parked).toBe(0);
    expect(relay.brokerReachable).toBe(false);
  });
});

describe('OutboxRelayCore: a leading store, messages handed over, a poll', () => {
  const ledger = (store: LeadingOutbox, owner: string) =>
    setup(
      { pollMs: 50, pollUntilEmpty: false, batchSize: 3, causalOrder: false },
      store,
      store.portOf(owner),
    );

  it('sends handed-over messages at once in commit order, and marks them with the next poll', async () => {
    const store = new LeadingOutbox();
    const { clock, broker, relay, logs } = ledger(store, 'a');
    relay.start();
    await settle();
    expect(relay.leader).toBe(true);
    expect(logs).toContain('outbox relay is the active publisher');
    const claims = store.claims;
    relay.handOff(store.add('p1', 'wallet', 2));
    relay.handOff(store.add('p1', 'wallet'));
    await settle();
    expect(broker.sent).toEqual(['1', '2', '3']);
    expect(store.claims).toBe(claims); // not read back
    clock.advance(50);
    await settle();
    expect(store.unsent()).toEqual([]);
    expect(broker.sent).toHaveLength(3);
  });

  it('polls every pollMs for what nobody handed over, a full poll followed by the next at once', async () => {
    const store = new LeadingOutbox();
    const { clock, broker, relay } = ledger(store, 'a');
    relay.start();
    await settle();
    store.add('p1', 'wallet', 5);
    clock.advance(50);
    await settle();
    expect(broker.sent).toEqual(['1', '2', '3', '4', '5']);
    expect(broker.requests).toEqual([3, 2]);
  });

  it('leaves everything to the leader; after a failure the leader steps down, marking what it sent', async () => {
    const store = new LeadingOutbox();
    const a = ledger(store, 'a');
    const b = ledger(store, 'b');
    a.relay.start();
    await settle();
    b.relay.start();
    await settle();
    expect([a.relay.leader, b.relay.leader]).toEqual([true, false]);
    b.relay.handOff(store.add('p1', 'wallet')); // ignored: the leader's poll finds it
    await settle();
    expect(b.broker.sent).toEqual([]);
    a.clock.advance(50);
    await settle();
    expect(a.broker.sent).toEqual(['1']);

    a.broker.down = true;
    a.relay.handOff(store.add('p1', 'wallet'));
    await settle();
    expect(a.relay.leader).toBe(false);
    expect(a.relay.lastError).toContain('ECONNREFUSED');
    expect(store.steppedDown).toEqual([['1']]);
    b.clock.advance(1_000);
    await settle();
    expect(b.relay.leader).toBe(true);
    expect(b.broker.sent).toEqual(['2']);
    await a.relay.stop();
    await b.relay.stop();
    expect(store.lockedBy).toBeUndefined();
  });

  it('does not send a handed-over message of a key the store has parked, nor of a key it holds', async () => {
    const store = new LeadingOutbox();
    const { broker, relay } = ledger(store, 'a');
    const [old] = store.add('stuck', 'wallet');
    await store.park(old, 'MESSAGE_TOO_LARGE: big');
    relay.start();
    await settle();
    relay.handOff(store.add('stuck', 'wallet'));
    relay.handOff(store.add('free', 'wallet'));
    await settle();
    expect(broker.sent).toEqual(['3']);
  });
});
