import { BigRoad, bigRoad } from './big-road';
import { resultsFromLetters, roadLines } from './text';
import { RoadResult } from './types';

const draw = (road: BigRoad): string[] =>
  roadLines(road.entries, road.rows, (entry) => (entry.winner === 'banker' ? 'B' : 'P'));

// Every example is worked by hand from docs/rules/baccarat-roads.md; the comment names the rule it exercises.
describe('bigRoad', () => {
  it('repeats go down, a change of winner starts a new column, ties are counted on the last win', () => {
    // #big-road, #ties: T T B B P T P B — the two opening ties are leading ties (drawn on the first cell).
    const road = bigRoad(resultsFromLetters('TTBBPTPB'));
    expect(draw(road)).toEqual(['BPB', 'BP.', '...', '...', '...', '...']);
    expect(road.leadingTies).toBe(2);
    expect(road.entries.map((e) => [e.round, e.streak, e.depth, e.ties])).toEqual([
      [2, 0, 0, 0],
      [3, 0, 1, 0],
      [4, 1, 0, 1], // the tie of round 5 is slashed on the Player win of round 4
      [6, 1, 1, 0],
      [7, 2, 0, 0],
    ]);
    expect(road.streakLengths).toEqual([2, 2, 1]);
    expect(road.columns).toBe(3);
  });

  it('counts consecutive ties on one entry and ties at the end of the shoe', () => {
    // #ties: B T T T P T
    const road = bigRoad(resultsFromLetters('BTTTPT'));
    expect(road.entries.map((e) => e.ties)).toEqual([3, 1]);
    expect(road.leadingTies).toBe(0);
  });

  it('a shoe of ties only has no entries, only leading ties', () => {
    // #ties, convention: ties before the first win are not lost and not slashed on a later cell.
    const road = bigRoad(resultsFromLetters('TTT'));
    expect(road.entries).toEqual([]);
    expect(road.leadingTies).toBe(3);
    expect(road.columns).toBe(0);
  });

  it('a streak longer than the rows turns right along the bottom row (dragon tail)', () => {
    // #dragon-tail: 8 Bankers fill column 0 and run on along row 5; the Players start column 1 at the top.
    const road = bigRoad(resultsFromLetters('BBBBBBBB PP'));
    expect(draw(road)).toEqual(['BP.', 'BP.', 'B..', 'B..', 'B..', 'BBB']);
    expect(road.entries.slice(6, 8).map((e) => [e.depth, e.column, e.row])).toEqual([
      [6, 1, 5],
      [7, 2, 5],
    ]);
  });

  it('nested dragon tails: a streak turns above the cell an earlier tail occupies', () => {
    // #dragon-tail: B×8 P×7 B×6. The Players turn at row 4 (row 5 of column 1 is the Bankers' tail), the
    // next Bankers at row 3.
    const road = bigRoad(resultsFromLetters('BBBBBBBB PPPPPPP BBBBBB'));
    expect(draw(road)).toEqual(['BPB..', 'BPB..', 'BPB..', 'BPBBB', 'BPPP.', 'BBB..']);
    expect(road.streakLengths).toEqual([8, 7, 6]);
    expect(road.columns).toBe(5);
  });

  it('a tail along the top row pushes the next streak to the first free top cell', () => {
    // #dragon-tail, convention where guides differ: B7 P6 B5 P4 B3 P2 B1 P1. Each streak turns one row higher
    // than the one before; the P2 streak turns on row 0 into column 6, so the B1 streak starts in column 7.
    const road = bigRoad(resultsFromLetters('BBBBBBB PPPPPP BBBBB PPPP BBB PP B P'));
    expect(draw(road)).toEqual([
      'BPBPBPPBP',
      'BPBPBB...',
      'BPBPP....',
      'BPBB.....',
      'BPP......',
      'BB.......',
    ]);
    expect(road.streakLengths).toEqual([7, 6, 5, 4, 3, 2, 1, 1]);
  });

  it('marks the pairs of each win', () => {
    // #big-road: pair dots belong to the round of the entry; a tie's pairs show on the bead plate only.
    const results: RoadResult[] = [
      { winner: 'banker', bankerPair: true },
      { winner: 'tie', playerPair: true },
      { winner: 'player', playerPair: true, bankerPair: true },
    ];
    const road = bigRoad(results);
    expect(road.entries.map((e) => [e.playerPair, e.bankerPair])).toEqual([
      [false, true],
      [true, true],
    ]);
  });

  it('accepts a different number of rows', () => {
    // #dragon-tail with 3 rows: B×4 turns at row 2.
    expect(draw(bigRoad(resultsFromLetters('BBBBP'), { rows: 3 }))).toEqual(['BP', 'B.', 'BB']);
    expect(() => bigRoad([], { rows: 0 })).toThrow(RangeError);
    expect(() => bigRoad([], { rows: 31 })).toThrow(RangeError);
  });
});
