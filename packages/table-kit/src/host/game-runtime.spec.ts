import { CasinoEvent, makeEvent } from '@casino/events';
import { ManualClock } from '@casino/test-support';
import { StateSealError } from '../state/state-sealing';
import { MemoryStateStore, TableLeaseLost } from '../state/state-store';
import { GameRuntime, LedgerInput } from './game-runtime';
import { StepResult, TableMachine } from './table-machine';

type S = { decisions: number };

/** Counts the ledger decisions it is given. */
class DecisionCounter implements TableMachine<S, LedgerInput, number> {
  initial(): StepResult<S, LedgerInput, number> {
    return { state: { decisions: 0 }, effects: [] };
  }
  step(state: S): StepResult<S, LedgerInput, number> {
    const next = { decisions: state.decisions + 1 };
    return { state: next, effects: [], reply: next.decisions };
  }
  resume(state: S): StepResult<S, LedgerInput, number> {
    return { state, effects: [] };
  }
  toSnapshot(state: S): unknown {
    return state;
  }
  fromSnapshot(snapshot: unknown): S | undefined {
    return snapshot as S;
  }
}

/** Records claims and releases; `taken` tables refuse commits as if another instance had claimed them. */
class LeaseStore extends MemoryStateStore {
  readonly claims: string[] = [];
  readonly releases: string[] = [];
  readonly taken = new Set<string>();
  readonly unreadable = new Set<string>();
  override async load(tableId: string): Promise<unknown> {
    if (this.unreadable.has(tableId)) throw new StateSealError('STATE_TAMPERED', `table ${tableId}: altered`);
    return super.load(tableId);
  }
  override async claim(tableId: string): Promise<void> {
    this.claims.push(tableId);
  }
  override release(tableId: string): void {
    this.releases.push(tableId);
  }
  override async commit(
    tableId: string,
    snapshot: unknown,
    events: readonly CasinoEvent[],
  ): Promise<string[]> {
    if (this.taken.has(tableId)) throw new TableLeaseLost(tableId);
    return super.commit(tableId, snapshot, events);
  }
}

let commands = 0;
const rejected = (tableId: string) =>
  makeEvent('BetRejected', {
    tableId,
    roundId: 'r1',
    game: 'roulette',
    commandId: `c-${++commands}`,
    playerId: 'p1',
    operatorId: 'op',
    currency: 'EUR',
    stake: 100n,
    bet: { game: 'roulette', spec: { type: 'red' } },
    code: 'ABOVE_TABLE_MAX',
    message: 'over the limit',
  });

function setup() {
  const store = new LeaseStore();
  const logs: string[] = [];
  const left: string[] = [];
  const runtime = new GameRuntime<S, never, number>(
    {
      store,
      clock: new ManualClock(0),
      broadcaster: { toTable: () => undefined, toPlayer: () => undefined, tableLeft: (t) => left.push(t) },
      log: (m) => logs.push(m),
    },
    ['t1', 't2', 't3'].map((tableId) => ({ tableId, machine: new DecisionCounter() })),
  );
  return { store, runtime, logs, left };
}

describe('GameRuntime', () => {
  it('runs exactly the tables it is given: claims the new ones, stops and releases the others', async () => {
    const { store, runtime, left } = setup();
    await runtime.runOnly(new Set(['t1', 't2', 'elsewhere']));
    expect([...runtime.hosts.keys()]).toEqual(['t1', 't2']);
    expect(store.claims.sort()).toEqual(['t1', 't2']);
    await runtime.runOnly(new Set(['t2', 't3']));
    expect([...runtime.hosts.keys()].sort()).toEqual(['t2', 't3']);
    expect(store.releases).toEqual(['t1']);
    // The players of the table that moved away are sent to reconnect (and find it where it runs now).
    expect(left).toEqual(['t1']);
    expect(store.claims.sort()).toEqual(['t1', 't2', 't3']);
    expect([runtime.owns('t1'), runtime.owns('t3~op/p1')]).toEqual([false, true]);
  });

  it("hands a new table's ledger events to it after its start, and ignores the events of tables run elsewhere", async () => {
    const { runtime } = setup();
    const starting = runtime.runOnly(new Set(['t1']));
    // Dispatched before the start finished: queued behind it, not lost.
    const taken = runtime.dispatchLedgerEvent(rejected('t1'));
    expect(await runtime.dispatchLedgerEvent(rejected('t2'))).toBe(false);
    await starting;
    expect(await taken).toBe(true);
    expect(runtime.host('t1')?.state).toEqual({ decisions: 1 });
  });

  it('stops a table whose lease another instance took, and starts it again once it is given back', async () => {
    const { store, runtime, logs, left } = setup();
    await runtime.runOnly(new Set(['t1', 't2']));
    store.taken.add('t1');
    await runtime.dispatchLedgerEvent(rejected('t1')).catch(() => undefined);
    await new Promise((r) => setImmediate(r));
    expect([...runtime.hosts.keys()]).toEqual(['t2']);
    expect(store.releases).toEqual(['t1']);
    expect(logs.some((l) => l.includes('taken over by another instance'))).toBe(true);
    expect(left).toEqual(['t1']);
    store.taken.delete('t1');
    await runtime.runOnly(new Set(['t1', 't2']));
    expect(await runtime.dispatchLedgerEvent(rejected('t1'))).toBe(true);
  });

  it('does not run a table whose saved state cannot be opened, and says so', async () => {
    const { store, runtime } = setup();
    store.unreadable.add('t2');
    await expect(runtime.runOnly(new Set(['t1', 't2']))).rejects.toThrow(/table t2 not started: .*altered/);
    expect([...runtime.hosts.keys()]).toEqual(['t1']);
    expect(await runtime.dispatchLedgerEvent(rejected('t2'))).toBe(false);
  });
});
