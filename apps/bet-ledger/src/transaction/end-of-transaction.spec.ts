import { EndOfTransactionRegistry, endOfTransactionKind } from './end-of-transaction';

class Counter {
  total = 0;
  constructor(
    readonly table: string,
    readonly at: string,
  ) {}
  add(n: number): void {
    this.total += n;
  }
  statement() {
    return this.total === 0 ? undefined : { text: `${this.table} ${this.total} ${this.at}`, params: [] };
  }
}

const FIRST = endOfTransactionKind<Counter>('first');
const SECOND = endOfTransactionKind<Counter>('second');

describe('end-of-transaction writers', () => {
  const registry = new EndOfTransactionRegistry()
    .register({ kind: SECOND, order: 20, create: (at) => new Counter('second', at) })
    .register({ kind: FIRST, order: 10, create: (at) => new Counter('first', at) });

  it('makes each writer once per transaction, on first use, and gives their statements in registered order', () => {
    const writers = registry.open('2026-01-01T00:00:00.000Z');
    writers.of(SECOND).add(2);
    writers.of(FIRST).add(1);
    writers.of(SECOND).add(3);
    expect(writers.statements().map((s) => s?.text)).toEqual([
      'first 1 2026-01-01T00:00:00.000Z',
      'second 5 2026-01-01T00:00:00.000Z',
    ]);
    expect(registry.open('2026-01-02T00:00:00.000Z').statements()).toEqual([]);
  });

  it("gives a dry run's sibling writers of its own with the same time", () => {
    const writers = registry.open('2026-01-01T00:00:00.000Z');
    writers.of(FIRST).add(1);
    const dry = writers.sibling();
    dry.of(FIRST).add(7);
    expect(dry.at).toBe(writers.at);
    expect(writers.of(FIRST).total).toBe(1);
    expect(dry.of(FIRST).total).toBe(7);
  });

  it('refuses a kind no module registered (a wiring bug, never skipped)', () => {
    const writers = registry.open('2026-01-01T00:00:00.000Z');
    expect(() => writers.of(endOfTransactionKind<Counter>('unknown'))).toThrow(/unknown/);
  });
});
