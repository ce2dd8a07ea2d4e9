import { GridPosition } from './types';

/**
 * Where the big road and the derived roads put their marks: a streak goes down its column and turns right at
 * the bottom row or above an occupied cell (the dragon tail); a new streak starts at the top of the column after
 * the previous streak's first cell. Rules: docs/rules/baccarat-roads.md#dragon-tail
 */
export interface GridCursor {
  readonly rows: number;
  /** One bit per occupied row for each drawn column; its length is the number of columns drawn. */
  readonly occupied: number[];
  /** Column of the current streak's first mark; -1 before the first mark. */
  streakColumn: number;
  column: number;
  row: number;
  /** The current streak has turned right and stays on its row. */
  tailing: boolean;
}

export interface GridPlacement extends GridPosition {
  streakColumn: number;
  tailing: boolean;
}

export function newGridCursor(rows: number): GridCursor {
  return { rows, occupied: [], streakColumn: -1, column: -1, row: -1, tailing: false };
}

export function isOccupied(cursor: GridCursor, column: number, row: number): boolean {
  return column < cursor.occupied.length && (cursor.occupied[column] & (1 << row)) !== 0;
}

/** Where the next mark would go, without placing it (ask roads use this). */
export function nextPlacement(cursor: GridCursor, continuesStreak: boolean): GridPlacement {
  const next: GridPlacement = { column: 0, row: 0, streakColumn: 0, tailing: false };
  advance(cursor, continuesStreak, next);
  return next;
}

/** Places the next mark; its cell is then `cursor.column`, `cursor.row` (no allocation: the hot path). */
export function placeMark(cursor: GridCursor, continuesStreak: boolean): void {
  advance(cursor, continuesStreak, cursor);
  const occupied = cursor.occupied;
  while (occupied.length <= cursor.column) occupied.push(0);
  occupied[cursor.column] |= 1 << cursor.row;
}

/** Writes the next mark's placement into `into`, which may be the cursor itself. */
function advance(cursor: GridCursor, continuesStreak: boolean, into: GridPlacement): void {
  let { column, row, streakColumn, tailing } = cursor;
  if (!continuesStreak || streakColumn < 0) {
    // The top cell is taken only when an earlier streak's tail runs along the top row: start past it.
    column = streakColumn + 1;
    while (isOccupied(cursor, column, 0)) column++;
    row = 0;
    streakColumn = column;
    tailing = false;
  } else if (!tailing && row + 1 < cursor.rows && !isOccupied(cursor, column, row + 1)) {
    row++;
  } else {
    // Dragon tail. The cell to the right is always free: an earlier tail on this row ends left of this column,
    // or this streak would have turned above it.
    column++;
    tailing = true;
  }
  into.column = column;
  into.row = row;
  into.streakColumn = streakColumn;
  into.tailing = tailing;
}
