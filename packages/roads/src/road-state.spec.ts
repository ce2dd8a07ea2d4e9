import { BaccaratOutcome, RoundState, ShoeRunner, dealRound, defaultTableRules } from '@casino/baccarat';
import { createShoe, seededRandom } from '@casino/cards';
import { beadPlate } from './bead-plate';
import { bigRoad } from './big-road';
import { derivedRoad } from './derived-road';
import { addResult, computeRoads, createRoadState } from './road-state';
import { resultsFromLetters } from './text';
import { RoadResult } from './types';

describe('road state', () => {
  it('reports what each result adds', () => {
    const state = createRoadState();
    const [b, t, p, b2] = resultsFromLetters('BTPB');
    expect(addResult(state, b)).toMatchObject({ bigRoad: { winner: 'banker' }, bigEye: null });
    const tie = addResult(state, t);
    expect(tie).toEqual({
      bead: expect.objectContaining({ winner: 'tie' }),
      bigRoad: null,
      bigEye: null,
      small: null,
      cockroach: null,
    });
    expect(state.roads.bigRoad.entries[0].ties).toBe(1);
    addResult(state, p);
    // #start-points: the third streak's first win is the big eye boy's first mark (1 vs 1: red).
    expect(addResult(state, b2)).toMatchObject({ bigEye: { color: 'red', source: 2 }, small: null });
  });

  it('roads built one result at a time equal the roads computed from the whole list', () => {
    const results = resultsFromLetters('TBBPTBBBPPBTPPPPPPPPBPBPTTB');
    const live = createRoadState({ rows: 4 });
    for (const result of results) addResult(live, result);
    const big = bigRoad(results, { rows: 4 });
    expect(live.roads).toEqual({
      beadPlate: beadPlate(results, { rows: 4 }),
      bigRoad: big,
      bigEye: derivedRoad(big, 'bigEye', { rows: 4 }),
      small: derivedRoad(big, 'small', { rows: 4 }),
      cockroach: derivedRoad(big, 'cockroach', { rows: 4 }),
    });
    expect(computeRoads(results, { rows: 4 })).toEqual(live.roads);
  });

  it('reads the engine outcomes of a real 8-deck shoe as they are', () => {
    const shoe = createShoe({ decks: 8, cutCard: { fromBack: 14 } }, seededRandom('roads'));
    const outcomes: BaccaratOutcome[] = [];
    while (!shoe.cutCardReached) outcomes.push(dealRound(shoe));
    const roads = computeRoads(outcomes);
    expect(roads.beadPlate.cells).toHaveLength(outcomes.length);
    expect(roads.bigRoad.entries).toHaveLength(outcomes.filter((o) => o.winner !== 'tie').length);
    expect(roads.beadPlate.cells.map((c) => c.natural)).toEqual(
      outcomes.map((o) => o.playerNatural || o.bankerNatural),
    );

    // The engine's allocation-free RoundState is a RoadResult too.
    const runner = new ShoeRunner(defaultTableRules('commission'), seededRandom('roads'));
    const state = new RoundState();
    const live = createRoadState();
    const copies: RoadResult[] = [];
    for (let i = 0; i < 40; i++) {
      addResult(live, runner.nextRound(state));
      copies.push({ ...state });
    }
    expect(live.roads).toEqual(computeRoads(copies));
  });
});
