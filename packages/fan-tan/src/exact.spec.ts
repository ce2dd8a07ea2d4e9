import { ratioText, ratioToNumber } from '@casino/game-kit';
import { FAN_TAN_LIMIT_KEYS } from './bet';
import { exactFanTanReturns, fanTanMoments } from './exact';

// ../shared/rules/more-games.md, "Fan Tan": the published return of each bet and the exact fraction.
const PUBLISHED: Record<string, [number, string]> = {
  fan: [0.9625, '77/80'],
  nim: [0.975, '39/40'],
  kwok: [0.975, '39/40'],
  odd: [0.975, '39/40'],
  even: [0.975, '39/40'],
};

describe('Fan Tan exact returns (four results)', () => {
  const figures = exactFanTanReturns();

  it.each(FAN_TAN_LIMIT_KEYS)('%s returns the published figure', (key) => {
    const [published, exact] = PUBLISHED[key];
    const figure = figures.get(key)!;
    expect(ratioText(figure.rtp)).toBe(exact);
    expect(Math.abs(ratioToNumber(figure.rtp) - published)).toBeLessThan(1e-7);
    expect(figure.allBetsEqual).toBe(true);
  });

  it('enumerates every bet of the square', () => {
    expect(FAN_TAN_LIMIT_KEYS.map((k) => figures.get(k)!.betsEnumerated)).toEqual([4, 12, 4, 1, 1]);
  });

  it('gives the variance beside the return', () => {
    // Fan: 77/20 with probability 1/4: E[r²] = 5929/1600, variance = 5929/1600 − (77/80)² = 17787/6400.
    expect(ratioText(figures.get('fan')!.variance)).toBe('17787/6400');
    expect(fanTanMoments('kwok')).toEqual({ rtp: 0.975, variance: 0.950625 });
    expect(fanTanMoments('square')).toBeUndefined();
  });
});
