import fc from 'fast-check';
import type { BaccaratWinner } from '@casino/baccarat';
import { askRoads } from './ask-roads';
import { bigRoad } from './big-road';
import { DERIVED_ROAD_KINDS, DERIVED_ROAD_OFFSETS, DerivedRoadKind } from './derived-road';
import { Roads, addResult, computeRoads, roadStateOf } from './road-state';
import { GridPosition, RoadColor, RoadResult } from './types';

// Ties about as often as at a real table, so that runs of ties and ties at the start occur.
const winner = fc.oneof(
  { arbitrary: fc.constant<BaccaratWinner>('banker'), weight: 9 },
  { arbitrary: fc.constant<BaccaratWinner>('player'), weight: 9 },
  { arbitrary: fc.constant<BaccaratWinner>('tie'), weight: 2 },
);
// Streaky shoes too: each generated run repeats one winner 1-9 times, so dragon tails are common.
const run = fc
  .tuple(winner, fc.integer({ min: 1, max: 9 }))
  .map(([w, n]) => new Array<BaccaratWinner>(n).fill(w));
const shoe = fc
  .array(
    fc.oneof(
      winner.map((w) => [w]),
      run,
    ),
    { maxLength: 60 },
  )
  .map((runs): RoadResult[] => runs.flat().map((w) => ({ winner: w })));
const rows = fc.integer({ min: 1, max: 8 });

/**
 * The comparisons as the guides word them, on the big road's columns of winners written out (independent of
 * derivedColor): a new column compares the lengths of the two columns before it; a later cell looks at the
 * compared column's cell in its row and the one above it.
 */
function referenceColors(results: readonly RoadResult[], offset: number): RoadColor[] {
  const columns: BaccaratWinner[][] = [];
  const colors: RoadColor[] = [];
  for (const { winner: w } of results) {
    if (w === 'tie') continue;
    const current = columns[columns.length - 1];
    if (current !== undefined && current[0] === w) current.push(w);
    else columns.push([w]);
    const c = columns.length - 1;
    const r = columns[c].length - 1;
    if (r === 0) {
      if (c - 1 - offset >= 0)
        colors.push(columns[c - 1].length === columns[c - 1 - offset].length ? 'red' : 'blue');
    } else if (c - offset >= 0) {
      const compared = columns[c - offset];
      const besideFilled = compared[r] !== undefined;
      const aboveFilled = compared[r - 1] !== undefined;
      colors.push(besideFilled || !aboveFilled ? 'red' : 'blue');
    }
  }
  return colors;
}

type StreakCell = GridPosition & { depth: number };

function cellsOf(roads: Roads): Record<string, readonly StreakCell[]> {
  return {
    bigRoad: roads.bigRoad.entries,
    bigEye: roads.bigEye.entries,
    small: roads.small.entries,
    cockroach: roads.cockroach.entries,
  };
}

describe('roads properties', () => {
  it('big road: one entry per Player or Banker win, every tie counted once, streaks alternate', () => {
    fc.assert(
      fc.property(shoe, rows, (results, r) => {
        const road = bigRoad(results, { rows: r });
        const wins = results.filter((x) => x.winner !== 'tie');
        expect(road.entries.map((e) => e.winner)).toEqual(wins.map((x) => x.winner));
        const ties = road.leadingTies + road.entries.reduce((sum, e) => sum + e.ties, 0);
        expect(ties).toBe(results.length - wins.length);
        expect(road.streakLengths.reduce((a, b) => a + b, 0)).toBe(road.entries.length);
        road.entries.forEach((e, i) => {
          const previous = road.entries[i - 1];
          if (previous === undefined) expect([e.streak, e.depth]).toEqual([0, 0]);
          else if (previous.winner === e.winner)
            expect([e.streak, e.depth]).toEqual([previous.streak, previous.depth + 1]);
          else expect([e.streak, e.depth]).toEqual([previous.streak + 1, 0]);
        });
      }),
    );
  });

  it('every road: cells inside the rows, never two on one cell, a streak goes down then only right', () => {
    fc.assert(
      fc.property(shoe, rows, (results, r) => {
        const roads = computeRoads(results, { rows: r });
        for (const cells of Object.values(cellsOf(roads))) {
          const seen = new Set<string>();
          cells.forEach((cell, i) => {
            expect(cell.row).toBeGreaterThanOrEqual(0);
            expect(cell.row).toBeLessThan(r);
            const key = `${cell.column},${cell.row}`;
            expect(seen.has(key)).toBe(false);
            seen.add(key);
            const previous = cells[i - 1];
            if (cell.depth === 0) {
              expect(cell.row).toBe(0);
            } else if (previous !== undefined) {
              const down = cell.column === previous.column && cell.row === previous.row + 1;
              const right = cell.column === previous.column + 1 && cell.row === previous.row;
              expect(down || right).toBe(true);
              const turned = previous.depth > 0 && previous.row === cells[i - 2]?.row;
              if (turned) expect(right).toBe(true);
            }
          });
        }
        expect(roads.bigRoad.columns).toBe(Math.max(0, ...roads.bigRoad.entries.map((e) => e.column + 1)));
      }),
    );
  });

  it('each derived road has one mark per big-road entry from its start point on', () => {
    fc.assert(
      fc.property(shoe, (results) => {
        const roads = computeRoads(results);
        for (const kind of DERIVED_ROAD_KINDS) {
          const k = DERIVED_ROAD_OFFSETS[kind];
          // Start point: the second row of streak k, else the first cell of streak k + 1.
          const sources = roads.bigRoad.entries
            .map((e, i) => ({ e, i }))
            .filter(({ e }) => e.streak > k || (e.streak === k && e.depth >= 1))
            .map(({ i }) => i);
          expect(roads[kind].entries.map((m) => m.source)).toEqual(sources);
        }
      }),
    );
  });

  it('derived colours agree with the comparisons written out as the guides word them', () => {
    fc.assert(
      fc.property(shoe, (results) => {
        const roads = computeRoads(results);
        for (const kind of DERIVED_ROAD_KINDS) {
          const colors = roads[kind].entries.map((m) => m.color);
          expect(colors).toEqual(referenceColors(results, DERIVED_ROAD_OFFSETS[kind]));
        }
      }),
    );
  });

  it('ties and the number of rows change no derived colour', () => {
    fc.assert(
      fc.property(shoe, rows, (results, r) => {
        const withTies = computeRoads(results, { rows: r });
        const withoutTies = computeRoads(results.filter((x) => x.winner !== 'tie'));
        for (const kind of DERIVED_ROAD_KINDS) {
          expect(withTies[kind].entries.map((m) => m.color)).toEqual(
            withoutTies[kind].entries.map((m) => m.color),
          );
        }
      }),
    );
  });

  it('the ask roads are the marks the roads add when that side wins next', () => {
    fc.assert(
      fc.property(shoe, rows, (results, r) => {
        const ask = askRoads(results, { rows: r });
        for (const side of ['player', 'banker'] as const) {
          const state = roadStateOf(results, { rows: r });
          const update = addResult(state, { winner: side });
          expect(ask[side].bigRoad).toEqual({ column: update.bigRoad?.column, row: update.bigRoad?.row });
          for (const kind of DERIVED_ROAD_KINDS as readonly DerivedRoadKind[]) {
            const mark = update[kind];
            expect(ask[side][kind]).toEqual(
              mark === null ? null : { color: mark.color, column: mark.column, row: mark.row },
            );
          }
        }
      }),
    );
  });
});
