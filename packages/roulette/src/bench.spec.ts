import { benchRoulette } from './bench';

describe('benchRoulette', () => {
  it('reports a positive settlement rate', () => {
    const { rouletteBetsPerSec } = benchRoulette({ durationMs: 50 });
    expect(Number.isFinite(rouletteBetsPerSec)).toBe(true);
    expect(rouletteBetsPerSec).toBeGreaterThan(0);
  });
});
