import { CasinoEvent, decodeEvent, makeEvent } from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { MemoryStateStore, StateStore } from '../state/state-store';
import { ROUND_UNKNOWN_RETRY_DELAY_MS, TableHost, TableSaveUnavailable } from './table-host';
import { DEFAULT_SAVE_FAIL_FAST_MS } from './table-host-deps';
import { Effects, StepResult, TableMachine } from './table-machine';

type S = { version: 1; ticks: number; resumed: boolean; voided: string[] };
type I =
  | { kind: 'tick' }
  | { kind: 'start-timer'; ms: number; timer?: string }
  | { kind: 'ask' }
  | { kind: 'bet'; round: string }
  | { kind: 'close'; round: string }
  | { kind: 'emit'; event: CasinoEvent };

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR' };

/** A tiny machine: a tick publishes a RoundVoided and counts; bets and closes publish what a round would. */
class CounterMachine implements TableMachine<S, I, number> {
  constructor(readonly holdsCloseForDecisions = true) {}

  initial(): StepResult<S, I, number> {
    return { state: { version: 1, ticks: 0, resumed: false, voided: [] }, effects: [] };
  }
  step(state: S, input: I): StepResult<S, I, number> {
    const fx = new Effects<I>();
    switch (input.kind) {
      case 'ask':
        return { state, effects: [], reply: state.ticks };
      case 'emit':
        return { state, effects: fx.publish(input.event).list };
      case 'start-timer':
        fx.schedule(input.timer ?? 't', input.ms, { kind: 'tick' });
        return { state, effects: fx.list };
      case 'bet':
        fx.publish(
          makeEvent('PlaceBet', {
            tableId: 't1',
            roundId: input.round,
            game: 'roulette',
            ...player,
            stake: 100n,
            bet: { game: 'roulette', spec: { type: 'red' } },
          }),
        );
        return { state, effects: fx.list };
      case 'close':
        fx.publish(makeEvent('BettingClosed', { tableId: 't1', roundId: input.round, game: 'roulette' }));
        fx.schedule('spin', 1000, { kind: 'tick' });
        return { state, effects: fx.list };
      case 'tick':
        fx.publish(
          makeEvent('RoundVoided', {
            tableId: 't1',
            roundId: `r${state.ticks}`,
            game: 'roulette',
            reason: 'cancelled',
          }),
        );
        fx.broadcast('round:closed', { tableId: 't1', roundId: `r${state.ticks}` });
        return { state: { ...state, ticks: state.ticks + 1 }, effects: fx.list };
      default:
        throw new Error(`no such input: ${(input as { kind: string }).kind}`);
    }
  }
  resume(state: S): StepResult<S, I, number> {
    return { state: { ...state, resumed: true }, effects: [] };
  }
  /** Voids the round (as the games do before its result), except a round named `r-done` (its result is out). */
  ledgerUnreachable(state: S, roundId: string): StepResult<S, I, number> {
    if (roundId === 'r-done') return { state, effects: [] };
    const fx = new Effects<I>().cancel('spin').schedule('next', 500, { kind: 'tick' });
    fx.publish(makeEvent('RoundVoided', { tableId: 't1', roundId, game: 'roulette', reason: 'malfunction' }));
    return { state: { ...state, voided: [...state.voided, roundId] }, effects: fx.list };
  }
  toSnapshot(state: S): unknown {
    return state;
  }
  fromSnapshot(snapshot: unknown): S | undefined {
    return (snapshot as S).version === 1 ? (snapshot as S) : undefined;
  }
}

/** A memory store whose commits fail while `down` is set (as PostgreSQL gone). */
class FlakyStore extends MemoryStateStore {
  down = false;
  commits = 0;
  override async commit(
    tableId: string,
    snapshot: unknown,
    events: readonly CasinoEvent[],
  ): Promise<string[]> {
    if (this.down) throw new Error('connection terminated');
    this.commits++;
    return super.commit(tableId, snapshot, events);
  }
}

/** A FlakyStore whose commits can also hang until failed or released (a database that stopped answering). */
class HangingStore extends FlakyStore {
  hang = false;
  private hung: { release: () => void; fail: (err: Error) => void }[] = [];
  override commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    if (!this.hang) return super.commit(tableId, snapshot, events);
    return new Promise<string[]>((resolve, reject) =>
      this.hung.push({
        release: () => resolve(super.commit(tableId, snapshot, events)),
        fail: reject,
      }),
    );
  }
  failHung(err: Error): void {
    for (const h of this.hung.splice(0)) h.fail(err);
  }
  releaseHung(): void {
    for (const h of this.hung.splice(0)) h.release();
  }
}

function setup(store: StateStore = new FlakyStore(), machine = new CounterMachine()) {
  const clock = new ManualClock(1000);
  const broadcasts: { name: string; payload: object }[] = [];
  const toPlayers: { player: string; name: string; payload: object }[] = [];
  let wakes = 0;
  let onPublished: (entries: readonly { tableId: string; eventId: string }[]) => void = () => undefined;
  const host = new TableHost('t1', machine, {
    store,
    clock,
    outbox: {
      wake: () => wakes++,
      onPublished: (listener) => {
        onPublished = listener;
        return () => undefined;
      },
    },
    broadcaster: {
      toTable: (_t, name, payload) => broadcasts.push({ name, payload }),
      toPlayer: (player, name, payload) => toPlayers.push({ player, name, payload }),
    },
    log: () => undefined,
    policy: { saveRetry: { initialMs: 100, maxMs: 400 }, ledgerTimeoutMs: 2000 },
  });
  const outboxTypes = async () =>
    (await store.unsent(100)).map((e) => {
      const d = decodeEvent('', e.event);
      return d.ok ? d.event.type : 'invalid';
    });
  /** What the relay does: Kafka takes everything unsent. */
  const publishAll = async () => {
    const entries = await store.unsent(1000);
    await store.markSent(entries.map((e) => e.seq));
    onPublished(entries);
  };
  return { host, clock, broadcasts, toPlayers, store, outboxTypes, publishAll, wakes: () => wakes };
}

/** The ledger's acceptance of bet command `commandId` (a round r1 red bet). */
const acceptedAnswer = (commandId: string) =>
  makeEvent('BetAccepted', {
    tableId: 't1',
    roundId: 'r1',
    game: 'roulette',
    commandId,
    betId: `b-${commandId}`,
    ...player,
    stake: 100n,
    bet: { game: 'roulette', spec: { type: 'red' } },
    balance: 900n,
  });

/** Lets queued promise callbacks run (the host's chain) between manual clock moves. */
const settle = () => new Promise((r) => setImmediate(r));

describe('TableHost', () => {
  it('applies inputs in order and saves those queued together in one commit with all their events', async () => {
    const store = new FlakyStore();
    const { host, broadcasts, outboxTypes, wakes } = setup(store);
    await host.start();
    const committedAtStart = store.commits;
    const replies = await Promise.all([
      host.dispatch({ kind: 'tick' }),
      host.dispatch({ kind: 'tick' }),
      host.dispatch({ kind: 'ask' }),
    ]);
    expect(replies[2]).toBe(2);
    expect(await outboxTypes()).toEqual(['RoundVoided', 'RoundVoided']);
    expect(store.commits - committedAtStart).toBe(1);
    expect(wakes()).toBe(1);
    expect(broadcasts.map((b) => b.payload)).toEqual([
      { tableId: 't1', roundId: 'r0' },
      { tableId: 't1', roundId: 'r1' },
    ]);
    // An input sent while a save is in progress waits for the next one; it sees the state the batch left.
    const first = host.dispatch({ kind: 'tick' });
    await settle();
    expect(
      await Promise.all([first, host.dispatch({ kind: 'tick' }), host.dispatch({ kind: 'ask' })]),
    ).toEqual([undefined, undefined, 4]);
    expect(store.commits - committedAtStart).toBe(3);
  });

  it('answers a step that throws with its error, and applies the rest of its batch', async () => {
    const { host } = setup();
    await host.start();
    const bad = host.dispatch({ kind: 'boom' } as unknown as I);
    const [, after] = await Promise.allSettled([bad, host.dispatch({ kind: 'tick' })]);
    await expect(bad).rejects.toThrow();
    expect(after.status).toBe('fulfilled');
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
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
    expect(second.host.state).toEqual({ version: 1, ticks: 1, resumed: true, voided: [] });
  });

  it('retries a failed save with back-off: the state moves only once saved, the table shows paused meanwhile', async () => {
    const store = new FlakyStore();
    const { host, clock, broadcasts, outboxTypes } = setup(store);
    await host.start();
    store.down = true;
    const reply = host.dispatch({ kind: 'tick' });
    const after = host.dispatch({ kind: 'ask' });
    await settle();
    expect(host.state.ticks).toBe(0);
    expect(host.availability).toMatchObject({ status: 'paused', pausedFor: ['database'], pausedSince: 1000 });
    expect(broadcasts.at(-1)).toMatchObject({ name: 'table:status', payload: { status: 'paused' } });
    for (const ms of [100, 200, 400, 400]) {
      clock.advance(ms);
      await settle();
    }
    expect(host.state.ticks).toBe(0);
    expect(await outboxTypes()).toEqual([]);
    store.down = false;
    clock.advance(400);
    await reply;
    expect(await after).toBe(1);
    expect(host.availability).toEqual({ status: 'running', pausedFor: [] });
    expect(broadcasts.filter((b) => b.name === 'table:status').map((b) => b.payload)).toEqual([
      expect.objectContaining({ status: 'paused', pausedFor: ['database'] }),
      expect.objectContaining({ status: 'running' }),
    ]);
    // The step's event was committed once, with the state that emitted it.
    expect(await outboxTypes()).toEqual(['RoundVoided']);
  });

  it("a player's input whose save hangs is refused TABLE_PAUSED after saveFailFastMs; dropped, saved again later", async () => {
    const store = new HangingStore();
    const { host, clock, outboxTypes } = setup(store);
    await host.start();
    store.hang = true;
    let answer: unknown;
    const bet = host.dispatchFailFast({ kind: 'bet', round: 'r1' }).then(
      (r) => (answer = r),
      (err: Error) => (answer = err),
    );
    await settle();
    expect(answer).toBeUndefined();
    clock.advance(DEFAULT_SAVE_FAIL_FAST_MS);
    await bet;
    expect(answer).toBeInstanceOf(TableSaveUnavailable);
    expect(answer).toMatchObject({ code: 'TABLE_PAUSED' });
    expect(host.availability.pausedFor).toEqual(['database']);
    // The hung attempt fails at last (the driver's timeout): the bet is dropped, the state saved again once the
    // database answers, and the table runs again without the bet's event.
    store.hang = false;
    store.failHung(new Error('Query read timeout'));
    await settle();
    clock.advance(100);
    await settle();
    expect(host.availability.pausedFor).toEqual([]);
    expect(await outboxTypes()).toEqual([]);
    expect(await host.dispatchFailFast({ kind: 'bet', round: 'r1' })).toBeUndefined();
    expect(await outboxTypes()).toEqual(['PlaceBet']);
  });

  it("a player's input whose save fails at once is refused at once; one saved late after the refusal stands", async () => {
    const store = new HangingStore();
    const { host, clock, outboxTypes } = setup(store);
    await host.start();
    store.down = true;
    await expect(host.dispatchFailFast({ kind: 'bet', round: 'r1' })).rejects.toBeInstanceOf(
      TableSaveUnavailable,
    );
    expect(host.availability.pausedFor).toEqual(['database']);
    await settle();
    store.down = false;
    clock.advance(100);
    await settle();
    expect(host.availability.pausedFor).toEqual([]);
    // Slow, not down: refused at the deadline, then the save is made after all and the step stands.
    store.hang = true;
    const late = host.dispatchFailFast({ kind: 'bet', round: 'r2' });
    await settle();
    clock.advance(DEFAULT_SAVE_FAIL_FAST_MS);
    await expect(late).rejects.toBeInstanceOf(TableSaveUnavailable);
    store.hang = false;
    store.releaseHung();
    await settle();
    expect(await outboxTypes()).toEqual(['PlaceBet']);
    expect(host.availability.pausedFor).toEqual([]);
    // Timers and ledger inputs keep the old way: they wait for their save.
    store.down = true;
    const tick = host.dispatch({ kind: 'tick' });
    await settle();
    store.down = false;
    clock.advance(100);
    await tick;
    expect(host.state.ticks).toBe(1);
  });

  it('holds the next round while Kafka is unreachable and opens it once Kafka is back', async () => {
    const { host, clock, publishAll } = setup();
    await host.start();
    host.kafkaReachable(false);
    await host.dispatch({ kind: 'start-timer', ms: 100, timer: 'next' });
    await host.dispatch({ kind: 'start-timer', ms: 100, timer: 'other' });
    clock.advance(200);
    await host.dispatch({ kind: 'ask' });
    // The other timer fired; `next` is held.
    expect(host.state.ticks).toBe(1);
    expect(host.availability.pausedFor).toEqual(['kafka']);
    await publishAll();
    host.kafkaReachable(true);
    expect(await host.dispatch({ kind: 'ask' })).toBe(2);
  });

  it('does not wait for an event emitted again after a restart (already in the outbox, maybe long sent)', async () => {
    const { host, clock, store, publishAll } = setup();
    await host.start();
    const result = makeEvent('RoundVoided', {
      tableId: 't1',
      roundId: 'r9',
      game: 'roulette',
      reason: 'cancelled',
    });
    await host.dispatch({ kind: 'emit', event: result });
    await publishAll();
    await host.dispatch({ kind: 'emit', event: result });
    expect(await store.unsent(10)).toEqual([]);
    await host.dispatch({ kind: 'start-timer', ms: 100, timer: 'next' });
    clock.advance(100);
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
  });

  it('opens the next round only once Kafka took every event the table committed', async () => {
    const { host, clock, publishAll } = setup();
    await host.start();
    await host.dispatch({ kind: 'tick' });
    await host.dispatch({ kind: 'start-timer', ms: 100, timer: 'next' });
    clock.advance(100);
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
    await publishAll();
    expect(await host.dispatch({ kind: 'ask' })).toBe(2);
  });

  it('at close, holds the timers of a round with undecided bets until the ledger decides them', async () => {
    const { host, clock, store } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    const bet = (await store.unsent(10))[0];
    await host.dispatch({ kind: 'close', round: 'r1' });
    clock.advance(1500);
    await host.dispatch({ kind: 'ask' });
    expect(host.state.ticks).toBe(0); // the spin waits
    await host.dispatchFromLedger(acceptedAnswer(bet.eventId), { kind: 'ask' });
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
    expect(host.state.voided).toEqual([]);
  });

  it('sends the close to the ledger only once the bets sent before it are decided, ahead of the held timers', async () => {
    const { host, clock, store, outboxTypes, publishAll } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    const bet = (await store.unsent(10))[0];
    await publishAll();
    await host.dispatch({ kind: 'close', round: 'r1' });
    // The ledger could read a close before the bet (two topics) and reject the bet as late: the close waits.
    expect(await outboxTypes()).toEqual([]);
    clock.advance(1500);
    await host.dispatchFromLedger(acceptedAnswer(bet.eventId), { kind: 'ask' });
    await settle();
    expect(await outboxTypes()).toEqual(['BettingClosed', 'RoundVoided']); // the close, then the spin's tick
  });

  it('sends a held close ahead of a round event that comes before the decisions (a studio deal)', async () => {
    const { host, outboxTypes, publishAll } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    await publishAll();
    await host.dispatch({ kind: 'close', round: 'r1' });
    const result = makeEvent('RoundResult', {
      tableId: 't1',
      roundId: 'r1',
      game: 'roulette',
      result: { game: 'roulette', pocket: 7, revolutions: 5 },
    });
    await host.dispatch({ kind: 'emit', event: result });
    expect(await outboxTypes()).toEqual(['BettingClosed', 'RoundResult']);
  });

  it('sends the close at once for a machine that does not hold it; its timers still wait for the decisions', async () => {
    const { host, clock, store, outboxTypes, publishAll } = setup(
      new FlakyStore(),
      new CounterMachine(false),
    );
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    const bet = (await store.unsent(10))[0];
    await publishAll();
    await host.dispatch({ kind: 'close', round: 'r1' });
    expect(await outboxTypes()).toEqual(['BettingClosed']);
    clock.advance(1500);
    expect(await host.dispatch({ kind: 'ask' })).toBe(0);
    await host.dispatchFromLedger(acceptedAnswer(bet.eventId), { kind: 'ask' });
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
  });

  it("sends a held close when the round goes on without its answers; a silent ledger's void goes without it", async () => {
    const behind = setup();
    await behind.host.start();
    await behind.host.dispatch({ kind: 'bet', round: 'r1' });
    await behind.publishAll();
    await behind.host.dispatch({ kind: 'close', round: 'r1' });
    for (let i = 0; i < 4; i++) {
      behind.clock.advance(1500);
      await behind.host.dispatchFromLedger(acceptedAnswer('someone-else'), { kind: 'ask' });
    }
    await settle();
    expect(await behind.outboxTypes()).toEqual(['BettingClosed', 'RoundVoided']); // the close, then the spin

    const silent = setup();
    await silent.host.start();
    await silent.host.dispatch({ kind: 'bet', round: 'r1' });
    await silent.publishAll();
    await silent.host.dispatch({ kind: 'close', round: 'r1' });
    silent.clock.advance(2000);
    await silent.host.dispatch({ kind: 'ask' });
    expect(silent.host.state.voided).toEqual(['r1']);
    // The ledger never applied the close, so the void refunds the stakes without a pit boss's approval.
    expect(await silent.outboxTypes()).toEqual(['RoundVoided']);

    // A machine that does not void (the round's result is out) still sends the close after its step.
    const done = setup();
    await done.host.start();
    await done.host.dispatch({ kind: 'bet', round: 'r-done' });
    await done.publishAll();
    await done.host.dispatch({ kind: 'close', round: 'r-done' });
    done.clock.advance(2000);
    await done.host.dispatch({ kind: 'ask' });
    await settle();
    expect(done.host.state.voided).toEqual([]);
    expect(await done.outboxTypes()).toEqual(['BettingClosed', 'RoundVoided']); // the close, then the spin
  });

  it('voids the round through the machine when the ledger stays silent past the timeout, then holds the next round', async () => {
    const { host, clock } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    await host.dispatch({ kind: 'close', round: 'r1' });
    clock.advance(1999);
    await settle();
    expect(host.state.voided).toEqual([]);
    clock.advance(1);
    await host.dispatch({ kind: 'ask' });
    expect(host.state.voided).toEqual(['r1']);
    expect(host.availability.pausedFor).toEqual(['ledger']);
    clock.advance(5000);
    // The void cancelled the spin and the next round is held while the ledger is silent.
    expect(await host.dispatch({ kind: 'ask' })).toBe(0);
  });

  it('waits at the close for a ledger that answers but is behind, up to its bound, and voids nothing', async () => {
    const { host, clock } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    await host.dispatch({ kind: 'close', round: 'r1' });
    // The ledger answers other tables' bets... here: another command of this table, every 1.5 s.
    const otherAnswer = () =>
      makeEvent('BetRejected', {
        tableId: 't1',
        roundId: 'r1',
        game: 'roulette',
        commandId: 'someone-else',
        ...player,
        stake: 100n,
        bet: { game: 'roulette', spec: { type: 'red' } },
        code: 'INSUFFICIENT_FUNDS',
        message: 'no',
      });
    for (let waited = 1500; waited <= 4500; waited += 1500) {
      clock.advance(1500);
      await host.dispatchFromLedger(otherAnswer(), { kind: 'ask' });
      // Past the bet's 2 s the ledger is behind, not silent: the spin waits, nothing is voided.
      expect(await host.dispatch({ kind: 'ask' })).toBe(0);
    }
    expect(host.availability.pausedFor).toEqual(['ledger']);
    // Three timeouts after the bet, the round goes on without its answer.
    clock.advance(1500);
    await settle();
    expect(await host.dispatch({ kind: 'ask' })).toBe(1);
    expect(host.state.voided).toEqual([]);
  });

  it("relays the ledger's late answer to a bet of a round the machine no longer knows, once", async () => {
    const { host, clock, store, toPlayers } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    const bet = (await store.unsent(10))[0];
    await host.dispatch({ kind: 'close', round: 'r1' });
    clock.advance(2000);
    await host.dispatch({ kind: 'ask' });
    expect(host.state.voided).toEqual(['r1']);
    const rejected = makeEvent('BetRejected', {
      tableId: 't1',
      roundId: 'r1',
      game: 'roulette',
      commandId: bet.eventId,
      ...player,
      stake: 100n,
      bet: { game: 'roulette', spec: { type: 'red' } },
      code: 'LATE_BET',
      message: 'betting on the round is closed',
    });
    await host.dispatchFromLedger(rejected, { kind: 'ask' });
    await host.dispatchFromLedger(rejected, { kind: 'ask' }); // redelivered: answered already
    expect(toPlayers).toEqual([
      {
        player: 'op:p1',
        name: 'bet:rejected',
        payload: expect.objectContaining({ late: true, ref: bet.eventId, code: 'LATE_BET', roundId: 'r1' }),
      },
    ]);
    expect(host.availability.status).toBe('running');
  });

  it('hands a ROUND_UNKNOWN answer to the table after a short wait; its retry is no late answer', async () => {
    const { host, clock, store, toPlayers } = setup();
    await host.start();
    await host.dispatch({ kind: 'bet', round: 'r1' });
    const bet = (await store.unsent(10))[0];
    const unknown = makeEvent('BetRejected', {
      tableId: 't1',
      roundId: 'r1',
      game: 'roulette',
      commandId: bet.eventId,
      ...player,
      stake: 100n,
      bet: { game: 'roulette', spec: { type: 'red' } },
      code: 'ROUND_UNKNOWN',
      message: 'the round is not open at the ledger',
    });
    // The machine's answer to it: the bet again (a new command), as relayDecision's retry does.
    const handled = host.dispatchFromLedger(unknown, { kind: 'bet', round: 'r1' });
    await settle();
    expect((await store.unsent(10)).length).toBe(1);
    clock.advance(ROUND_UNKNOWN_RETRY_DELAY_MS);
    await handled;
    expect((await store.unsent(10)).length).toBe(2);
    expect(toPlayers).toEqual([]);
  });
});
