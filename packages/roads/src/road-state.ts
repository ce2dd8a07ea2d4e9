import { BeadCell, BeadPlate, beadCell } from './bead-plate';
import { BigRoad, BigRoadBuilder, BigRoadEntry, addToBigRoad, newBigRoadBuilder } from './big-road';
import {
  DerivedRoad,
  DerivedRoadBuilder,
  DerivedRoadEntry,
  DerivedRoadKind,
  addToDerivedRoad,
  newDerivedRoadBuilder,
} from './derived-road';
import { RoadOptions, RoadResult, RoadSide, rowsOf } from './types';

/** The five roads of one shoe (baccarat's sides by default; a two-card game's read the same way). */
export interface Roads<S extends string = RoadSide> {
  beadPlate: BeadPlate<S>;
  bigRoad: BigRoad<S>;
  bigEye: DerivedRoad;
  small: DerivedRoad;
  cockroach: DerivedRoad;
}

/**
 * The five roads of a shoe in progress, updated one result at a time (a live table adds each round's result as
 * it is dealt). `roads` are the same objects throughout: `addResult` appends to them in place.
 */
export interface RoadState<S extends string = RoadSide> {
  readonly rows: number;
  readonly roads: Roads<S>;
  readonly beadCells: BeadCell<S>[];
  readonly big: BigRoadBuilder<S>;
  readonly derived: Readonly<Record<DerivedRoadKind, DerivedRoadBuilder>>;
}

/** What one result added: its bead, and its mark on each other road (null for a tie or before a start point). */
export interface RoadUpdate<S extends string = RoadSide> {
  bead: BeadCell<S>;
  bigRoad: BigRoadEntry<S> | null;
  bigEye: DerivedRoadEntry | null;
  small: DerivedRoadEntry | null;
  cockroach: DerivedRoadEntry | null;
}

export function createRoadState<S extends string = RoadSide>(options?: RoadOptions): RoadState<S> {
  const rows = rowsOf(options);
  const beadCells: BeadCell<S>[] = [];
  const big = newBigRoadBuilder<S>(rows);
  const derived = {
    bigEye: newDerivedRoadBuilder('bigEye', rows),
    small: newDerivedRoadBuilder('small', rows),
    cockroach: newDerivedRoadBuilder('cockroach', rows),
  };
  const roads: Roads<S> = {
    beadPlate: { rows, columns: 0, cells: beadCells },
    bigRoad: big.road,
    bigEye: derived.bigEye.road,
    small: derived.small.road,
    cockroach: derived.cockroach.road,
  };
  return { rows, roads, beadCells, big, derived };
}

/** Adds the next round's result to every road. */
export function addResult<S extends string = RoadSide>(
  state: RoadState<S>,
  result: RoadResult<S>,
): RoadUpdate<S> {
  const round = state.beadCells.length;
  const bead = beadCell(result, round, state.rows);
  state.beadCells.push(bead);
  state.roads.beadPlate.columns = bead.column + 1;
  const entry = addToBigRoad(state.big, result, round);
  if (entry === null) return { bead, bigRoad: null, bigEye: null, small: null, cockroach: null };
  const lengths = state.big.streakLengths;
  const source = state.big.entries.length - 1;
  const { streak, depth } = entry;
  return {
    bead,
    bigRoad: entry,
    bigEye: addToDerivedRoad(state.derived.bigEye, lengths, streak, depth, source),
    small: addToDerivedRoad(state.derived.small, lengths, streak, depth, source),
    cockroach: addToDerivedRoad(state.derived.cockroach, lengths, streak, depth, source),
  };
}

/** The road state after `results` (one shoe, in the order dealt). */
export function roadStateOf<S extends string = RoadSide>(
  results: readonly RoadResult<S>[],
  options?: RoadOptions,
): RoadState<S> {
  const state = createRoadState<S>(options);
  for (let i = 0; i < results.length; i++) addResult(state, results[i]);
  return state;
}

/** The five roads of `results` (one shoe, in the order dealt). */
export function computeRoads<S extends string = RoadSide>(
  results: readonly RoadResult<S>[],
  options?: RoadOptions,
): Roads<S> {
  return roadStateOf(results, options).roads;
}
