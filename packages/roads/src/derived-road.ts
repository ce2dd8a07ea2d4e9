import type { BigRoad } from './big-road';
import { GridCursor, newGridCursor, placeMark } from './grid';
import { GridPosition, RoadColor, RoadOptions, rowsOf } from './types';

export type DerivedRoadKind = 'bigEye' | 'small' | 'cockroach';

export const DERIVED_ROAD_KINDS: readonly DerivedRoadKind[] = ['bigEye', 'small', 'cockroach'];

/** How many streaks back each derived road looks. Rules: docs/rules/baccarat-roads.md#derived-roads */
export const DERIVED_ROAD_OFFSETS: Readonly<Record<DerivedRoadKind, number>> = {
  bigEye: 1,
  small: 2,
  cockroach: 3,
};

/**
 * The mark a derived road looking `offset` streaks back gives the big-road entry at (`streak`, `depth`), or null
 * before the road's start point. Only streaks left of `streak` are read, and those are complete.
 * - First win of a streak: red when the two streaks before it have the same length, blue otherwise.
 * - A later win at depth d: blue when the streak `offset` back ends exactly at depth d - 1 (its length is d),
 *   red when it reaches depth d or ends above d - 1 ("repeats").
 * Rules: docs/rules/baccarat-roads.md#comparisons
 */
export function derivedColor(
  streakLengths: readonly number[],
  streak: number,
  depth: number,
  offset: number,
): RoadColor | null {
  if (depth === 0) {
    const compared = streak - 1 - offset;
    if (compared < 0) return null;
    return streakLengths[streak - 1] === streakLengths[compared] ? 'red' : 'blue';
  }
  const compared = streak - offset;
  if (compared < 0) return null;
  return streakLengths[compared] === depth ? 'blue' : 'red';
}

/** One mark of a derived road. */
export interface DerivedRoadEntry extends GridPosition {
  /** Index of the big-road entry that made this mark. */
  source: number;
  color: RoadColor;
  /** Streak of equal colors on this road, from 0, and position in it (the grid follows the big road's rules). */
  streak: number;
  depth: number;
}

export interface DerivedRoad {
  kind: DerivedRoadKind;
  rows: number;
  /** Columns drawn, dragon tails included. */
  columns: number;
  entries: readonly DerivedRoadEntry[];
}

/** A derived road being built one big-road entry at a time. */
export interface DerivedRoadBuilder {
  readonly road: DerivedRoad;
  readonly offset: number;
  readonly entries: DerivedRoadEntry[];
  readonly cursor: GridCursor;
}

export function newDerivedRoadBuilder(kind: DerivedRoadKind, rows: number): DerivedRoadBuilder {
  const entries: DerivedRoadEntry[] = [];
  const road: DerivedRoad = { kind, rows, columns: 0, entries };
  return { road, offset: DERIVED_ROAD_OFFSETS[kind], entries, cursor: newGridCursor(rows) };
}

/** Adds the mark of big-road entry `source` at (`streak`, `depth`); returns it, or null before the start point. */
export function addToDerivedRoad(
  builder: DerivedRoadBuilder,
  streakLengths: readonly number[],
  streak: number,
  depth: number,
  source: number,
): DerivedRoadEntry | null {
  const color = derivedColor(streakLengths, streak, depth, builder.offset);
  if (color === null) return null;
  const entries = builder.entries;
  const last = entries.length > 0 ? entries[entries.length - 1] : null;
  const continuesStreak = last !== null && last.color === color;
  const cursor = builder.cursor;
  placeMark(cursor, continuesStreak);
  const entry: DerivedRoadEntry = {
    source,
    color,
    streak: last === null ? 0 : continuesStreak ? last.streak : last.streak + 1,
    depth: continuesStreak ? last.depth + 1 : 0,
    column: cursor.column,
    row: cursor.row,
  };
  entries.push(entry);
  builder.road.columns = cursor.occupied.length;
  return entry;
}

/** The big eye boy, small road or cockroach pig of a big road. */
export function derivedRoad(
  road: BigRoad<string>,
  kind: DerivedRoadKind,
  options?: RoadOptions,
): DerivedRoad {
  const builder = newDerivedRoadBuilder(kind, rowsOf(options));
  // Each entry reads only streaks left of its own, so the final streak lengths give the same marks.
  const entries = road.entries;
  for (let i = 0; i < entries.length; i++) {
    addToDerivedRoad(builder, road.streakLengths, entries[i].streak, entries[i].depth, i);
  }
  return builder.road;
}
