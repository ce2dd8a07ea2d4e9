import { areLayoutAdjacent, columnNumbers, columnOf, dozenNumbers, rowNumbers, rowOf } from './layout';

describe('layout', () => {
  it('puts row r at 3r-2, 3r-1, 3r and column 1 at 1, 4, …, 34', () => {
    expect(rowNumbers(1)).toEqual([1, 2, 3]);
    expect(rowNumbers(12)).toEqual([34, 35, 36]);
    expect(columnNumbers(1)).toEqual([1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34]);
    expect(columnNumbers(3)[11]).toBe(36);
    expect(dozenNumbers(2)).toEqual(Array.from({ length: 12 }, (_, i) => 13 + i));
    for (let n = 1; n <= 36; n++) {
      expect(rowNumbers(rowOf(n))).toContain(n);
      expect(columnNumbers(columnOf(n))).toContain(n);
    }
    expect(rowOf(0)).toBe(0);
    expect(columnOf(0)).toBe(0);
  });

  it('makes 0 adjacent to 1, 2 and 3 only', () => {
    const zeroNeighbours = Array.from({ length: 36 }, (_, i) => i + 1).filter((n) => areLayoutAdjacent(0, n));
    expect(zeroNeighbours).toEqual([1, 2, 3]);
  });

  it('treats numbers as adjacent along a row or a column, never across rows', () => {
    expect(areLayoutAdjacent(1, 2)).toBe(true);
    expect(areLayoutAdjacent(2, 5)).toBe(true);
    expect(areLayoutAdjacent(3, 4)).toBe(false);
    expect(areLayoutAdjacent(1, 5)).toBe(false);
    expect(areLayoutAdjacent(33, 36)).toBe(true);
    expect(areLayoutAdjacent(7, 7)).toBe(false);
  });

  it('rejects rows, columns and dozens off the layout', () => {
    expect(() => rowNumbers(13)).toThrow();
    expect(() => columnNumbers(0)).toThrow();
    expect(() => dozenNumbers(4)).toThrow();
    expect(() => rowOf(37)).toThrow();
  });
});
