// Baccarat roads over a shoe's results, as pure functions over plain data.
// Rules: docs/rules/baccarat-roads.md
export * from './types';
export { BeadCell, BeadPlate, beadCell, beadPlate } from './bead-plate';
export { BigRoad, BigRoadEntry, bigRoad } from './big-road';
export {
  DerivedRoad,
  DerivedRoadEntry,
  DerivedRoadKind,
  DERIVED_ROAD_KINDS,
  DERIVED_ROAD_OFFSETS,
  derivedColor,
  derivedRoad,
} from './derived-road';
export {
  Roads,
  RoadState,
  RoadUpdate,
  addResult,
  computeRoads,
  createRoadState,
  roadStateOf,
} from './road-state';
export { AskMark, AskPrediction, AskRoads, askRoads } from './ask-roads';
export { resultsFromLetters, roadLines } from './text';
