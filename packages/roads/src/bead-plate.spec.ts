import { beadPlate } from './bead-plate';
import { resultsFromLetters, roadLines } from './text';
import { RoadResult } from './types';

// Rules: docs/rules/baccarat-roads.md#bead-plate
describe('beadPlate', () => {
  it('records every round, ties included, down each column then on to the next', () => {
    const plate = beadPlate(resultsFromLetters('TTBBPTPB'));
    const symbol = { banker: 'B', player: 'P', tie: 'T' } as const;
    expect(roadLines(plate.cells, plate.rows, (cell) => symbol[cell.winner])).toEqual([
      'TP',
      'TB',
      'B.',
      'B.',
      'P.',
      'T.',
    ]);
    expect(plate.columns).toBe(2);
    expect(plate.cells.map((cell) => cell.round)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('marks pairs and naturals, a tie round included', () => {
    const results: RoadResult[] = [
      { winner: 'tie', playerPair: true, bankerPair: true },
      { winner: 'banker', bankerNatural: true },
      { winner: 'player', playerNatural: true, bankerNatural: true },
      { winner: 'player' },
    ];
    expect(
      beadPlate(results, { rows: 3 }).cells.map((c) => [
        c.column,
        c.row,
        c.playerPair,
        c.bankerPair,
        c.natural,
      ]),
    ).toEqual([
      [0, 0, true, true, false],
      [0, 1, false, false, true],
      [0, 2, false, false, true],
      [1, 0, false, false, false],
    ]);
  });

  it('is empty for a shoe not started', () => {
    expect(beadPlate([])).toEqual({ rows: 6, columns: 0, cells: [] });
  });
});
