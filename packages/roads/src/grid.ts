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
  if (!continuesStreak || cursor.streakColumn < 0) {
    // The top cell is taken only when an earlier streak's tail runs along the top row: start past it.
    let column = cursor.streakColumn + 1;
    while (isOccupied(cursor, column, 0)) column++;
    return { column, row: 0, streakColumn: column, tailing: false };
  }
  const below = cursor.row + 1;
  if (!cursor.tailing && below < cursor.rows && !isOccupied(cursor, cursor.column, below)) {
    return { column: cursor.column, row: below, streakColumn: cursor.streakColumn, tailing: false };
  }
  // Dragon tail. The cell to the right is always free: an earlier tail on this row ends left of this column,
  // or this streak would have turned above it.
  return { column: cursor.column + 1, row: cursor.row, streakColumn: cursor.streakColumn, tailing: true };
}

/** Places the next mark and returns its cell. */
export function placeMark(cursor: GridCursor, continuesStreak: boolean): GridPosition {
  const next = nextPlacement(cursor, continuesStreak);
  const occupied = cursor.occupied;
  while (occupied.length <= next.column) occupied.push(0);
  occupied[next.column] |= 1 << next.row;
  cursor.streakColumn = next.streakColumn;
  cursor.column = next.column;
  cursor.row = next.row;
  cursor.tailing = next.tailing;
  return { column: next.column, row: next.row };
}
