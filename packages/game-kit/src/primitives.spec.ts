import { stakeRangeProblem } from './primitives';

describe('stakeRangeProblem', () => {
  const limit = { min: 100n, max: 5_000n };
  it('takes a stake from the minimum to the maximum, both included', () => {
    expect(stakeRangeProblem(100n, limit)).toBeNull();
    expect(stakeRangeProblem(5_000n, limit)).toBeNull();
  });
  it('names the bound a stake is outside', () => {
    expect(stakeRangeProblem(99n, limit)).toBe('BELOW_MIN');
    expect(stakeRangeProblem(5_001n, limit)).toBe('ABOVE_MAX');
    expect(stakeRangeProblem(9_223_372_036_854_775_807n, limit)).toBe('ABOVE_MAX');
  });
});
