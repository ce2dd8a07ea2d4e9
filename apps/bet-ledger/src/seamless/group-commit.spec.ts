import { GroupCommit } from './group-commit';

describe('GroupCommit', () => {
  it('flushes one item at once and groups what arrives while a flush runs', async () => {
    const groups: number[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const commit = new GroupCommit<number, number>(async (items) => {
      groups.push(items);
      if (groups.length === 1) await gate;
      return items.map((n) => n * 10);
    }, 3);
    const results = [1, 2, 3, 4, 5, 6].map((n) => commit.submit(n));
    release();
    expect(await Promise.all(results)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(groups).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('tries a failed group item by item: only the item that fails is rejected', async () => {
    const groups: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const commit = new GroupCommit<string, string>(async (items) => {
      groups.push(items);
      if (groups.length === 1) await gate;
      if (items.includes('bad')) throw new Error('cannot apply bad');
      return items.map((s) => s.toUpperCase());
    }, 10);
    const first = commit.submit('a');
    const rest = ['b', 'bad', 'c'].map((s) => commit.submit(s).catch((err: Error) => err.message));
    release();
    expect(await first).toBe('A');
    expect(await Promise.all(rest)).toEqual(['B', 'cannot apply bad', 'C']);
    expect(groups).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });
});
