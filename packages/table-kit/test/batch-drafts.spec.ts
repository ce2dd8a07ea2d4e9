import { ManualClock } from '@casino/test-support';
import { BetBook, bookCommand, emptyBook, placeBetCommand } from '../src/bets/bet-book';
import { withDraftLists } from '../src/state/draft-lists';
import { MemoryStateStore } from '../src/state/state-store';
import { TableHost } from '../src/host/table-host';
import { StepResult, TableMachine } from '../src/host/table-machine';

type S = { book: BetBook };
/** `bet` books a bet; `bet-then-fail` books one and then throws (a machine bug after a change). */
type I = { kind: 'bet' | 'bet-then-fail'; stake: bigint };

const player = { playerId: 'p1', operatorId: 'op', currency: 'EUR', exp: 9e9 };
const round = { tableId: 't1', roundId: 'r1', game: 'baccarat' as const };
const command = (stake: bigint) =>
  placeBetCommand(round, player, stake, { game: 'baccarat', type: 'player' });

class BookMachine implements TableMachine<S, I, number> {
  initial(): StepResult<S, I, number> {
    return { state: { book: emptyBook('r1') }, effects: [] };
  }
  step(state: S, input: I): StepResult<S, I, number> {
    const book = bookCommand(state.book, command(input.stake));
    if (input.kind === 'bet-then-fail') throw new Error('failed after booking');
    return { state: { book }, effects: [], reply: book.bets.length };
  }
  resume(state: S): StepResult<S, I, number> {
    return { state, effects: [] };
  }
  toSnapshot(state: S): unknown {
    return state;
  }
  fromSnapshot(snapshot: unknown): S | undefined {
    return snapshot as S;
  }
}

describe('a batch of steps changes the lists it made in place', () => {
  it('copies a list once per batch, never the one of the state before it', () => {
    const before = bookCommand(emptyBook('r1'), command(1n));
    const after = withDraftLists(() => {
      const one = bookCommand(before, command(2n));
      const two = bookCommand(one, command(3n));
      expect(two.bets).toBe(one.bets);
      return two;
    });
    expect(before.bets.map((b) => b.stake)).toEqual([1n]);
    expect(after.bets.map((b) => b.stake)).toEqual([1n, 2n, 3n]);
    // Outside a batch every change copies.
    expect(bookCommand(after, command(4n)).bets).not.toBe(after.bets);
  });

  it("leaves out what a step that threw had changed, and never touches the saved state's list", async () => {
    const host = new TableHost('t1', new BookMachine(), {
      store: new MemoryStateStore(),
      clock: new ManualClock(0),
      broadcaster: { toTable: () => undefined, toPlayer: () => undefined },
      log: () => undefined,
    });
    await host.start();
    await host.dispatch({ kind: 'bet', stake: 1n });
    const saved = host.state.book.bets;
    const outcomes = await Promise.allSettled([
      host.dispatch({ kind: 'bet', stake: 2n }),
      host.dispatch({ kind: 'bet-then-fail', stake: 99n }),
      host.dispatch({ kind: 'bet', stake: 3n }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(host.state.book.bets.map((b) => b.stake)).toEqual([1n, 2n, 3n]);
    expect(saved.map((b) => b.stake)).toEqual([1n]);
  });
});
