import { beadPlate } from './bead-plate';
import { bigRoad } from './big-road';
import { computeRoads } from './road-state';
import { resultsFromLetters, roadLines } from './text';
import { RoadResult } from './types';

// The bead plate and the big road of a two-card game (Dragon Tiger, Football Studio): its definition's outcome,
// `first`, `second` or `tie`, read as baccarat's Banker, Player or Tie (docs/rules/baccarat-roads.md#other-games).
type Duel = 'first' | 'second';

/** `F` first, `S` second, `T` tie. */
function duel(letters: string): RoadResult<Duel>[] {
  const of = { F: 'first', S: 'second', T: 'tie' } as const;
  return [...letters].map((l) => ({ winner: of[l as keyof typeof of] }));
}

describe('roads of a two-card game', () => {
  it('draws the bead plate of every round, ties included', () => {
    const plate = beadPlate(duel('FFSTSF'), { rows: 3 });
    const symbol = { first: 'D', second: 'T', tie: '=' } as const;
    expect(roadLines(plate.cells, plate.rows, (c) => symbol[c.winner])).toEqual(['D=', 'DT', 'TD']);
    expect(plate.cells.map((c) => c.round)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('draws the big road: a streak per column, ties on the last win, a dragon tail at the bottom', () => {
    const road = bigRoad(duel('TFFFFSTTSF'), { rows: 3 });
    const symbol = { first: 'H', second: 'A' } as const;
    expect(roadLines(road.entries, road.rows, (e) => symbol[e.winner])).toEqual(['HAH', 'HA.', 'HH.']);
    expect(road.leadingTies).toBe(1);
    expect(road.entries.map((e) => e.ties)).toEqual([0, 0, 0, 0, 2, 0, 0]);
    expect(road.streakLengths).toEqual([4, 2, 1]);
  });

  it('places every mark where the same baccarat results put it (first as Banker, second as Player)', () => {
    const letters = 'FSSTFFFFFFFSTFSSFTTSFFSSSSSSSSF';
    const baccarat = computeRoads(resultsFromLetters(letters.replace(/F/g, 'B').replace(/S/g, 'P')));
    const twoCard = computeRoads(duel(letters));
    const at = (cells: readonly { column: number; row: number; round: number }[]) =>
      cells.map((c) => [c.round, c.column, c.row]);
    expect(at(twoCard.beadPlate.cells)).toEqual(at(baccarat.beadPlate.cells));
    expect(at(twoCard.bigRoad.entries)).toEqual(at(baccarat.bigRoad.entries));
    expect(twoCard.bigRoad.entries.map((e) => e.ties)).toEqual(baccarat.bigRoad.entries.map((e) => e.ties));
    expect(twoCard.bigEye.entries).toEqual(baccarat.bigEye.entries);
    expect(twoCard.bigRoad.entries.map((e) => e.winner)).toEqual(
      baccarat.bigRoad.entries.map((e) => (e.winner === 'banker' ? 'first' : 'second')),
    );
  });
});
