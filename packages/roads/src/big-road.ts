import { GridCursor, newGridCursor, placeMark } from './grid';
import { GridPosition, RoadOptions, RoadResult, RoadSide, rowsOf } from './types';

/** One Player or Banker win on the big road. Rules: docs/rules/baccarat-roads.md#big-road */
export interface BigRoadEntry<S extends string = RoadSide> extends GridPosition {
  /** Index of the round in the shoe's results, from 0. */
  round: number;
  winner: S;
  /** The streak (logical column) this win belongs to, from 0; the derived roads compare streaks. */
  streak: number;
  /** Position in its streak, from 0 at the top; larger than the row once the streak has turned right. */
  depth: number;
  /** Ties dealt after this win and before the next one (the green slash and its count); a live road state
   * counts them up on its last entry as they come. */
  ties: number;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BigRoad<S extends string = RoadSide> {
  rows: number;
  /** Columns drawn, dragon tails included. */
  columns: number;
  /** Ties before the shoe's first Player or Banker win; drawn on the first cell (docs/rules/baccarat-roads.md#ties). */
  leadingTies: number;
  entries: readonly BigRoadEntry<S>[];
  /** Length of every streak so far, the last one still growing. */
  streakLengths: readonly number[];
}

/** A big road being built one result at a time. */
export interface BigRoadBuilder<S extends string = RoadSide> {
  readonly road: BigRoad<S>;
  readonly entries: BigRoadEntry<S>[];
  readonly streakLengths: number[];
  readonly cursor: GridCursor;
}

export function newBigRoadBuilder<S extends string = RoadSide>(rows: number): BigRoadBuilder<S> {
  const entries: BigRoadEntry<S>[] = [];
  const streakLengths: number[] = [];
  const cursor = newGridCursor(rows);
  const road: BigRoad<S> = { rows, columns: 0, leadingTies: 0, entries, streakLengths };
  return { road, entries, streakLengths, cursor };
}

/** Adds round `round`'s result; returns its new entry, or null for a tie (counted on the last entry). */
export function addToBigRoad<S extends string = RoadSide>(
  builder: BigRoadBuilder<S>,
  result: RoadResult<S>,
  round: number,
): BigRoadEntry<S> | null {
  const { road, entries, streakLengths } = builder;
  const winner = result.winner;
  const last = entries.length > 0 ? entries[entries.length - 1] : null;
  if (winner === 'tie') {
    if (last === null) road.leadingTies++;
    else last.ties++;
    return null;
  }
  // Not a tie: one of the two sides (a generic side type is not narrowed by the comparison).
  const side = winner as S;
  const continuesStreak = last !== null && last.winner === side;
  const cursor = builder.cursor;
  placeMark(cursor, continuesStreak);
  let streak: number;
  let depth: number;
  if (continuesStreak) {
    streak = last.streak;
    depth = last.depth + 1;
    streakLengths[streak] = depth + 1;
  } else {
    streak = streakLengths.length;
    depth = 0;
    streakLengths.push(1);
  }
  const entry: BigRoadEntry<S> = {
    round,
    winner: side,
    streak,
    depth,
    column: cursor.column,
    row: cursor.row,
    ties: 0,
    playerPair: result.playerPair === true,
    bankerPair: result.bankerPair === true,
  };
  entries.push(entry);
  road.columns = cursor.occupied.length;
  return entry;
}

export function bigRoad<S extends string = RoadSide>(
  results: readonly RoadResult<S>[],
  options?: RoadOptions,
): BigRoad<S> {
  const builder = newBigRoadBuilder<S>(rowsOf(options));
  for (let round = 0; round < results.length; round++) addToBigRoad(builder, results[round], round);
  return builder.road;
}
