import { GridPosition, RoadResult } from './types';

const WINNERS = { B: 'banker', P: 'player', T: 'tie' } as const;

/**
 * Results from a letter per round — `B` Banker, `P` Player, `T` Tie; spaces ignored — for tests, examples and
 * logs. Pairs and naturals are not written in this notation.
 */
export function resultsFromLetters(letters: string): RoadResult[] {
  const results: RoadResult[] = [];
  for (const letter of letters) {
    if (letter === ' ') continue;
    if (letter !== 'B' && letter !== 'P' && letter !== 'T') {
      throw new RangeError(`expected B, P, T or a space, got '${letter}'`);
    }
    results.push({ winner: WINNERS[letter] });
  }
  return results;
}

/** A road drawn as text, one string per row, `.` for an empty cell (for tests and logs). */
export function roadLines<T extends GridPosition>(
  cells: readonly T[],
  rows: number,
  symbol: (cell: T) => string,
): string[] {
  let columns = 0;
  for (const cell of cells) columns = Math.max(columns, cell.column + 1);
  const grid = Array.from({ length: rows }, () => new Array<string>(columns).fill('.'));
  for (const cell of cells) grid[cell.row][cell.column] = symbol(cell);
  return grid.map((row) => row.join(''));
}
