import { RouletteError } from './errors';

/** The betting layout: 12 rows of 3; row r = 3r−2, 3r−1, 3r; column c = c, c+3, …, c+33; 0 above row 1. */
export const LAYOUT_ROWS = 12;
export const LAYOUT_COLUMNS = 3;

function assertLayoutNumber(n: number): void {
  if (!Number.isInteger(n) || n < 0 || n > 36) {
    throw new RouletteError('INVALID_POCKET', `not a layout number 0..36: ${String(n)}`);
  }
}

/** Row 1..12 of a number; 0 for the zero, which sits above row 1. */
export function rowOf(n: number): number {
  assertLayoutNumber(n);
  return n === 0 ? 0 : Math.ceil(n / 3);
}

/** Column 1..3 of a number; 0 for the zero, which belongs to no column. */
export function columnOf(n: number): number {
  assertLayoutNumber(n);
  return n === 0 ? 0 : ((n - 1) % 3) + 1;
}

export function rowNumbers(row: number): number[] {
  if (!Number.isInteger(row) || row < 1 || row > LAYOUT_ROWS) {
    throw new RouletteError('INVALID_SHAPE', `row must be 1..12, got ${String(row)}`);
  }
  return [3 * row - 2, 3 * row - 1, 3 * row];
}

export function columnNumbers(column: number): number[] {
  if (column !== 1 && column !== 2 && column !== 3) {
    throw new RouletteError('INVALID_COLUMN', `column must be 1..3, got ${String(column)}`);
  }
  return Array.from({ length: LAYOUT_ROWS }, (_, i) => column + 3 * i);
}

export function dozenNumbers(dozen: number): number[] {
  if (dozen !== 1 && dozen !== 2 && dozen !== 3) {
    throw new RouletteError('INVALID_DOZEN', `dozen must be 1..3, got ${String(dozen)}`);
  }
  return Array.from({ length: 12 }, (_, i) => 12 * (dozen - 1) + 1 + i);
}

/**
 * Whether two numbers share an edge on the layout: side by side in a row, one above the other in a column,
 * or the zero with any of 1, 2, 3 (the numbers of a split bet).
 */
export function areLayoutAdjacent(a: number, b: number): boolean {
  assertLayoutNumber(a);
  assertLayoutNumber(b);
  if (a === b) return false;
  const [low, high] = a < b ? [a, b] : [b, a];
  if (low === 0) return high <= 3;
  if (high - low === 3) return true;
  return high - low === 1 && rowOf(low) === rowOf(high);
}
