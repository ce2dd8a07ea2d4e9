import { GridPosition, RoadOptions, RoadResult, RoadSide, RoadWinner, rowsOf } from './types';

/** One round on the bead plate. Rules: docs/rules/baccarat-roads.md#bead-plate */
export interface BeadCell<S extends string = RoadSide> extends GridPosition {
  /** Index of the round in the shoe's results, from 0. */
  round: number;
  winner: RoadWinner<S>;
  playerPair: boolean;
  bankerPair: boolean;
  /** Either side had a natural (two-card 8 or 9). */
  natural: boolean;
}

export interface BeadPlate<S extends string = RoadSide> {
  rows: number;
  /** Columns drawn. */
  columns: number;
  cells: readonly BeadCell<S>[];
}

/** The bead plate's cell for round `round`: every round in order, down each column, then the next column. */
export function beadCell<S extends string = RoadSide>(
  result: RoadResult<S>,
  round: number,
  rows: number,
): BeadCell<S> {
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

export function beadPlate<S extends string = RoadSide>(
  results: readonly RoadResult<S>[],
  options?: RoadOptions,
): BeadPlate<S> {
  const rows = rowsOf(options);
  const cells = results.map((result, round) => beadCell(result, round, rows));
  return { rows, columns: Math.ceil(results.length / rows), cells };
}
