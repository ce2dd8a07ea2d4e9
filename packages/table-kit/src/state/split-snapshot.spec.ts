import { changedRows, roundBookApart, roundBookJoined, SplitSnapshot } from './split-snapshot';

const bet = (ref: string) => ({ ref, stake: 100n, status: 'pending' });

describe('split snapshots', () => {
  it("takes a live table's round bets apart and puts them back", () => {
    const bets = [bet('a'), bet('b')];
    const state = { tableId: 't', round: { roundId: 'r1', book: { roundId: 'r1', bets } }, history: [1] };
    const split = roundBookApart(state) as SplitSnapshot;
    expect(split).toBeInstanceOf(SplitSnapshot);
    expect(split.generation).toBe('r1');
    expect(split.rows).toBe(bets);
    expect(split.base).toEqual({ ...state, round: { roundId: 'r1', book: { roundId: 'r1', bets: [] } } });
    expect(roundBookJoined(split)).toEqual(state);
  });

  it('leaves a table without a round, and a whole snapshot saved before the split, as they are', () => {
    const idle = { tableId: 't', round: null };
    expect(roundBookApart(idle)).toBe(idle);
    const whole = { tableId: 't', round: { roundId: 'r', book: { roundId: 'r', bets: [bet('x')] } } };
    expect(roundBookJoined(whole)).toBe(whole);
  });

  it('names the places whose object changed since the last save, every place in a new round', () => {
    const [a, b, c] = [bet('a'), bet('b'), bet('c')];
    const saved = { generation: 'r1', rows: [a, b] };
    expect(changedRows(new SplitSnapshot({}, 'r1', [a, b]), saved)).toEqual([]);
    expect(changedRows(new SplitSnapshot({}, 'r1', [a, { ...b }, c]), saved)).toEqual([1, 2]);
    expect(changedRows(new SplitSnapshot({}, 'r2', [a, b]), saved)).toEqual([0, 1]);
    expect(changedRows(new SplitSnapshot({}, 'r1', [a]), undefined)).toEqual([0]);
  });
});
