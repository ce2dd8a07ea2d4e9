import type { BaccaratWinner } from '@casino/baccarat';

/** A side that wins a round; ties are not entries of the big road or the derived roads. */
export type RoadSide = Exclude<BaccaratWinner, 'tie'>;

/**
 * A round's winner as the roads read it: one of a game's two sides or a tie. Baccarat's sides by default; a
 * two-card game's (Dragon Tiger, Football Studio: its definition's `first` and `second`) read the same way, since
 * the bead plate and the big road only tell the sides apart and set ties aside.
 */
export type RoadWinner<S extends string = RoadSide> = S | 'tie';

/**
 * One round as the roads read it. A `BaccaratOutcome` or the engine's `RoundState` fits as is; the pair and
 * natural flags are optional and only mark cells (baccarat's).
 */
export interface RoadResult<S extends string = RoadSide> {
  winner: RoadWinner<S>;
  playerPair?: boolean;
  bankerPair?: boolean;
  playerNatural?: boolean;
  bankerNatural?: boolean;
}

/** A derived road's mark: red where the big road repeats its own pattern, blue where it breaks it. */
export type RoadColor = 'red' | 'blue';

/** A cell of a drawn road: grid column (left to right, from 0) and row (top to bottom, from 0). */
export interface GridPosition {
  column: number;
  row: number;
}

export interface RoadOptions {
  /** Rows of the grid (default 6, as on casino scoreboards); the grid grows to the right without end. */
  rows?: number;
}

export const DEFAULT_ROWS = 6;

/** The grid keeps one bit per row for each column, so a road is at most 30 rows deep. */
export const MAX_ROWS = 30;

export function rowsOf(options: RoadOptions | undefined): number {
  const rows = options?.rows ?? DEFAULT_ROWS;
  if (!Number.isInteger(rows) || rows < 1 || rows > MAX_ROWS) {
    throw new RangeError(`rows must be an integer in 1..${MAX_ROWS}, got ${rows}`);
  }
  return rows;
}
