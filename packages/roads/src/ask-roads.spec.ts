import { askRoads } from './ask-roads';
import { roadStateOf } from './road-state';
import { resultsFromLetters } from './text';

// Rules: docs/rules/baccarat-roads.md#ask-roads. The worked example is the one of derived-road.spec.ts: streak
// lengths 2, 1, 3, 2, 1, 1, the last streak a single Player win. Columns and rows below count from 0.
describe('askRoads', () => {
  const results = resultsFromLetters('T BB P T BBB PP B T P');

  it('if Player next: the Player streak goes on at depth 1', () => {
    // big eye boy: streak 4 has one win, none beside depth 1 -> blue, continuing its blue column 4 (row 2)
    // small road: streak 3 has a win beside depth 1 -> red, after a blue: new column 2
    // cockroach pig: streak 2 has a win beside depth 1 -> red, continuing its red column 0 at row 3
    expect(askRoads(results).player).toEqual({
      bigRoad: { column: 5, row: 1 },
      bigEye: { color: 'blue', column: 4, row: 2 },
      small: { color: 'red', column: 2, row: 0 },
      cockroach: { color: 'red', column: 0, row: 3 },
    });
  });

  it('if Banker next: a new streak, compared by the lengths of the streaks before it', () => {
    // big eye boy: streaks 5 and 4 (1 vs 1) -> red, a new column 5
    // small road: streaks 5 and 3 (1 vs 2) -> blue, continuing its blue column 1 down to row 5
    // cockroach pig: streaks 5 and 2 (1 vs 3) -> blue, after a red: new column 1
    expect(askRoads(results).banker).toEqual({
      bigRoad: { column: 6, row: 0 },
      bigEye: { color: 'red', column: 5, row: 0 },
      small: { color: 'blue', column: 1, row: 5 },
      cockroach: { color: 'blue', column: 1, row: 0 },
    });
  });

  it('takes a road state as well as results', () => {
    expect(askRoads(roadStateOf(results))).toEqual(askRoads(results));
  });

  it('has no derived marks before the start points, also for a shoe of ties only', () => {
    // #start-points: after B B P, a Banker starts streak 2 (big eye boy compares streaks 1 and 0: 1 vs 2, blue);
    // a Player continues streak 1 at depth 1 (big eye boy: streak 0 has a win there, red). The small road and
    // cockroach pig have not started either way.
    expect(askRoads(resultsFromLetters('BBP'))).toEqual({
      player: {
        bigRoad: { column: 1, row: 1 },
        bigEye: { color: 'red', column: 0, row: 0 },
        small: null,
        cockroach: null,
      },
      banker: {
        bigRoad: { column: 2, row: 0 },
        bigEye: { color: 'blue', column: 0, row: 0 },
        small: null,
        cockroach: null,
      },
    });
    const empty = { bigEye: null, small: null, cockroach: null };
    expect(askRoads(resultsFromLetters('TT'))).toEqual({
      player: { bigRoad: { column: 0, row: 0 }, ...empty },
      banker: { bigRoad: { column: 0, row: 0 }, ...empty },
    });
  });
});
