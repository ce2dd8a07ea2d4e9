import { GridCursor, isOccupied, newGridCursor, nextPlacement, placeMark } from './grid';
import { GridPosition } from './types';

const place = (cursor: GridCursor, continuesStreak: boolean): GridPosition => {
  placeMark(cursor, continuesStreak);
  return { column: cursor.column, row: cursor.row };
};

// Placement rules: docs/rules/baccarat-roads.md#dragon-tail
describe('grid placement', () => {
  it('starts the first mark at the top left and a streak goes straight down', () => {
    const cursor = newGridCursor(6);
    expect(place(cursor, true)).toEqual({ column: 0, row: 0 }); // "continues" means nothing before a mark
    expect(place(cursor, true)).toEqual({ column: 0, row: 1 });
    expect(place(cursor, true)).toEqual({ column: 0, row: 2 });
    expect(place(cursor, false)).toEqual({ column: 1, row: 0 });
  });

  it('turns right at the bottom row and stays on that row', () => {
    const cursor = newGridCursor(3);
    const cells = [false, true, true, true, true].map((continues) => place(cursor, continues));
    expect(cells).toEqual([
      { column: 0, row: 0 },
      { column: 0, row: 1 },
      { column: 0, row: 2 },
      { column: 1, row: 2 },
      { column: 2, row: 2 },
    ]);
    expect(cursor.occupied).toEqual([0b111, 0b100, 0b100]);
  });

  it('turns right above an occupied cell and starts the next streak next to the previous streak start', () => {
    const cursor = newGridCursor(3);
    for (const continues of [false, true, true, true]) placeMark(cursor, continues); // column 0 and (1,2)
    expect(place(cursor, false)).toEqual({ column: 1, row: 0 });
    expect(place(cursor, true)).toEqual({ column: 1, row: 1 });
    expect(place(cursor, true)).toEqual({ column: 2, row: 1 }); // (1,2) is the earlier tail
    expect(place(cursor, false)).toEqual({ column: 2, row: 0 });
  });

  it('skips a top cell taken by a tail along the top row', () => {
    const cursor = newGridCursor(2);
    for (const continues of [false, true, true]) placeMark(cursor, continues); // (0,0) (0,1) (1,1)
    placeMark(cursor, false); // (1,0): the cell below is taken, so the streak's next mark turns at once
    expect(place(cursor, true)).toEqual({ column: 2, row: 0 });
    expect(isOccupied(cursor, 2, 0)).toBe(true);
    expect(nextPlacement(cursor, false)).toEqual({ column: 3, row: 0, streakColumn: 3, tailing: false });
  });

  it('peeks without placing', () => {
    const cursor = newGridCursor(6);
    placeMark(cursor, false);
    expect(nextPlacement(cursor, true)).toEqual({ column: 0, row: 1, streakColumn: 0, tailing: false });
    expect(cursor.occupied).toEqual([0b1]);
  });
});
