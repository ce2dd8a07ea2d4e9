import { bigRoad } from './big-road';
import { DerivedRoad, derivedColor, derivedRoad } from './derived-road';
import { resultsFromLetters, roadLines } from './text';

const colors = (road: DerivedRoad): string =>
  road.entries.map((entry) => (entry.color === 'red' ? 'r' : 'b')).join('');
const draw = (road: DerivedRoad): string[] =>
  roadLines(road.entries, road.rows, (entry) => (entry.color === 'red' ? 'r' : 'b'));

// Each example is worked by hand from docs/rules/baccarat-roads.md; 'r' is red, 'b' blue. Comments count
// columns and rows from 1, as the guides do; `depth` in the code counts from 0.
describe('derivedRoad', () => {
  it('a chop (P and B alternating) is red on every derived road', () => {
    // #comparisons, new streak: every streak has length 1, so the two streaks compared are always equal.
    // #start-points: column 2 of the big road has a single win, so the big eye boy starts at column 3, the small
    // road at column 4 and the cockroach pig at column 5.
    const road = bigRoad(resultsFromLetters('BPBPBP'));
    expect(colors(derivedRoad(road, 'bigEye'))).toBe('rrrr');
    expect(colors(derivedRoad(road, 'small'))).toBe('rrr');
    expect(colors(derivedRoad(road, 'cockroach'))).toBe('rr');
    expect(derivedRoad(road, 'bigEye').entries.map((e) => e.source)).toEqual([2, 3, 4, 5]);
  });

  // Big road (streak lengths 2, 1, 3, 2, 1, 1), with ties that no derived road sees:
  //   B P B P B P
  //   B . B P . .
  //   . . B . . .
  const worked = bigRoad(resultsFromLetters('T BB P T BBB PP B T P'));

  it('big eye boy of the worked example', () => {
    // #start-points: column 2 has one win, so the first mark is the first win of column 3.
    // #comparisons, one streak back:
    //   col 3 row 1: new streak, lengths of cols 2 and 1 (1 vs 2) differ      -> blue
    //   col 3 row 2: col 2 has row 1 but not row 2                            -> blue
    //   col 3 row 3: col 2 has neither row 3 nor row 2 (repeats)               -> red
    //   col 4 row 1: new streak, cols 3 and 2 (3 vs 1)                          -> blue
    //   col 4 row 2: col 3 has a win at row 2                                   -> red
    //   col 5 row 1: new streak, cols 4 and 3 (2 vs 3)                          -> blue
    //   col 6 row 1: new streak, cols 5 and 4 (1 vs 2)                          -> blue
    const road = derivedRoad(worked, 'bigEye');
    expect(colors(road)).toBe('bbrbrbb');
    expect(draw(road)).toEqual(['brbrb', 'b...b', '.....', '.....', '.....', '.....']);
    expect(road.entries.map((e) => e.source)).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('small road of the worked example', () => {
    // #start-points: the first mark is column 3 row 2. #comparisons, two streaks back:
    //   col 3 row 2: col 1 has a win at row 2                                   -> red
    //   col 3 row 3: col 1 has row 2 but not row 3                             -> blue
    //   col 4 row 1: new streak, cols 3 and 1 (3 vs 2)                          -> blue
    //   col 4 row 2: col 2 has row 1 but not row 2                             -> blue
    //   col 5 row 1: new streak, cols 4 and 2 (2 vs 1)                          -> blue
    //   col 6 row 1: new streak, cols 5 and 3 (1 vs 3)                          -> blue
    const road = derivedRoad(worked, 'small');
    expect(colors(road)).toBe('rbbbbb');
    expect(draw(road)).toEqual(['rb', '.b', '.b', '.b', '.b', '..']);
  });

  it('cockroach pig of the worked example', () => {
    // #start-points: the first mark is column 4 row 2. #comparisons, three streaks back:
    //   col 4 row 2: col 1 has a win at row 2                                   -> red
    //   col 5 row 1: new streak, cols 4 and 1 (2 vs 2)                          -> red
    //   col 6 row 1: new streak, cols 5 and 2 (1 vs 1)                          -> red
    expect(draw(derivedRoad(worked, 'cockroach'))).toEqual(['r', 'r', 'r', '.', '.', '.']);
  });

  it('a long chop runs the big eye boy into a dragon tail', () => {
    // #dragon-tail on a derived road: 12 alternating wins give 10 reds; the 7th to 10th run along row 5.
    const road = derivedRoad(bigRoad(resultsFromLetters('BPBPBPBPBPBP')), 'bigEye');
    expect(draw(road)).toEqual(['r....', 'r....', 'r....', 'r....', 'r....', 'rrrrr']);
    expect(road.columns).toBe(5);
  });

  it('a long streak repeats after its first comparison', () => {
    // #comparisons, continuing a streak: B P then nine Bankers. Col 3 row 1 compares cols 2 and 1 (1 vs 1: red);
    // row 2: col 2 has row 1 but not row 2 (blue); rows 3 to 9: col 2 has neither that row nor the one above
    // (red). Seven reds fill column 3 of the big eye boy and turn along its bottom row.
    const road = derivedRoad(bigRoad(resultsFromLetters('BP BBBBBBBBB')), 'bigEye');
    expect(colors(road)).toBe('rbrrrrrrr');
    expect(draw(road)).toEqual(['rbr.', '..r.', '..r.', '..r.', '..r.', '..rr']);
  });

  it('has no marks before its start point', () => {
    // #start-points: a single streak, however long, gives no derived mark.
    const road = bigRoad(resultsFromLetters('BBBBBBBBBB'));
    for (const kind of ['bigEye', 'small', 'cockroach'] as const) {
      expect(derivedRoad(road, kind).entries).toEqual([]);
    }
  });
});

describe('derivedColor', () => {
  it('returns null where the compared streak does not exist', () => {
    expect(derivedColor([1], 0, 0, 1)).toBeNull();
    expect(derivedColor([1, 1], 1, 0, 1)).toBeNull(); // needs streaks 0 and -1
    expect(derivedColor([1, 2], 1, 1, 1)).toBe('blue'); // streak 0 has one win: none beside depth 1
    expect(derivedColor([2, 2], 1, 1, 1)).toBe('red'); // streak 0 has a win beside depth 1
    expect(derivedColor([2, 2], 1, 1, 2)).toBeNull();
  });
});
