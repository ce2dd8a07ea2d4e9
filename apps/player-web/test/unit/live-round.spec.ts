import { openedRound } from '../../src/tables/shared/live-round';

// The step every live table's reducer shares on round:opened (baccarat, roulette, blackjack, the studio games).
describe('openedRound', () => {
  it("opens betting for the round until its closing time on this browser's clock", () => {
    expect(openedRound({ roundId: 'r1', closesAt: 10_000 }, -250)).toEqual({
      phase: 'betting',
      roundId: 'r1',
      closesAt: 9_750,
    });
  });

  it('has no countdown without a valid closing time', () => {
    expect(openedRound({ roundId: 'r1' }, 0).closesAt).toBeNull();
    expect(openedRound({ roundId: 'r1', closesAt: 'soon' }, 0).closesAt).toBeNull();
    expect(openedRound({ roundId: 'r1', closesAt: Number.NaN }, 0).closesAt).toBeNull();
  });
});
