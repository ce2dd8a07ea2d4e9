import { mergeHistory, nextShoeResults, ROULETTE_HISTORY, nextRouletteResults } from './table-history';
import { BaccaratResult } from './service-tables';

const bac = (roundId: string, winner: BaccaratResult['winner'] = 'banker'): BaccaratResult => ({
  roundId,
  winner,
  playerTotal: 1,
  bankerTotal: 8,
  playerPair: false,
  bankerPair: false,
});

describe('mergeHistory', () => {
  it('appends only the entries not known yet, in order', () => {
    const merged = mergeHistory(
      [{ roundId: 'a' }, { roundId: 'b' }],
      [{ roundId: 'b' }, { roundId: 'c' }],
      10,
    );
    expect(merged.map((m) => m.roundId)).toEqual(['a', 'b', 'c']);
  });

  it('keeps the last entries only', () => {
    const recent = Array.from({ length: 150 }, (_, i) => ({ roundId: `r${i}`, pocket: i % 37 }));
    expect(mergeHistory([], recent, 100)).toHaveLength(100);
    expect(mergeHistory([], recent, 100)[0].roundId).toBe('r50');
  });
});

describe('nextShoeResults', () => {
  it('seeds a new shoe with the results of its rounds only', () => {
    const history = [bac('old1'), bac('old2'), bac('s1'), bac('s2')];
    // Round 3 of the shoe is taking bets: rounds 1 and 2 were dealt from it.
    expect(nextShoeResults(undefined, 'shoe-b', history, 3, 'betting').results.map((r) => r.roundId)).toEqual(
      ['s1', 's2'],
    );
    // In `result` the round just dealt is in the history already.
    expect(nextShoeResults(undefined, 'shoe-b', history, 2, 'result').results.map((r) => r.roundId)).toEqual([
      's1',
      's2',
    ]);
  });

  it('starts again on a new shoe and accumulates within one', () => {
    const first = nextShoeResults(undefined, 'shoe-a', [bac('a1')], 2, 'betting');
    const same = nextShoeResults(first, 'shoe-a', [bac('a1'), bac('a2', 'tie')], 2, 'result');
    expect(same.results.map((r) => r.roundId)).toEqual(['a1', 'a2']);
    const next = nextShoeResults(same, 'shoe-b', [bac('a1'), bac('a2')], 1, 'betting');
    expect(next).toEqual({ shoeId: 'shoe-b', results: [] });
  });

  it('keeps the last 100 roulette pockets', () => {
    let kept = nextRouletteResults(undefined, []);
    for (let i = 0; i < 130; i++) {
      kept = nextRouletteResults(kept, [{ roundId: `r${i}`, pocket: i % 37, colour: 'red' }]);
    }
    expect(kept).toHaveLength(ROULETTE_HISTORY);
    expect(kept.at(-1)?.roundId).toBe('r129');
  });
});
