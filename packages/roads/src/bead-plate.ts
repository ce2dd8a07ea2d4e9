import type { BaccaratWinner } from '@casino/baccarat';
import { GridPosition, RoadOptions, RoadResult, rowsOf } from './types';

/** One round on the bead plate. Rules: docs/rules/baccarat-roads.md#bead-plate */
export interface BeadCell extends GridPosition {
  /** Index of the round in the shoe's results, from 0. */
  round: number;
  winner: BaccaratWinner;
  playerPair: boolean;
  bankerPair: boolean;
  /** Either side had a natural (two-card 8 or 9). */
  natural: boolean;
}

export interface BeadPlate {
  rows: number;
  /** Columns drawn. */
  columns: number;
  cells: readonly BeadCell[];
}

/** The bead plate's cell for round `round`: every round in order, down each column, then the next column. */
export function beadCell(result: RoadResult, round: number, rows: number): BeadCell {
  return {
    round,
    column: Math.floor(round / rows),
    row: round % rows,
    winner: result.winner,
    playerPair: result.playerPair === true,
    bankerPair: result.bankerPair === true,
    natural: result.playerNatural === true || result.bankerNatural === true,
  };
}

export function beadPlate(results: readonly RoadResult[], options?: RoadOptions): BeadPlate {
  const rows = rowsOf(options);
  const cells = results.map((result, round) => beadCell(result, round, rows));
  return { rows, columns: Math.ceil(results.length / rows), cells };
}
