import { ratioText, ratioToNumber } from '@casino/game-kit';
import { SIC_BO_LIMIT_KEYS } from './bet';
import { exactSicBoReturns, sicBoMoments } from './exact';

// ../shared/rules/more-games.md, "Sic Bo": the published return of each bet, and the fraction of 216 it rounds.
const PUBLISHED: Record<string, [number, string]> = {
  small: [0.9722, '35/36'],
  big: [0.9722, '35/36'],
  odd: [0.9722, '35/36'],
  even: [0.9722, '35/36'],
  total4: [0.8472, '61/72'],
  total17: [0.8472, '61/72'],
  total5: [0.8611, '31/36'],
  total16: [0.8611, '31/36'],
  total6: [0.8333, '5/6'],
  total15: [0.8333, '5/6'],
  total7: [0.9028, '65/72'],
  total14: [0.9028, '65/72'],
  total8: [0.875, '7/8'],
  total13: [0.875, '7/8'],
  total9: [0.8102, '175/216'],
  total12: [0.8102, '175/216'],
  total10: [0.875, '7/8'],
  total11: [0.875, '7/8'],
  double: [0.8148, '22/27'],
  triple: [0.838, '181/216'],
  anyTriple: [0.8611, '31/36'],
  combination: [0.8333, '5/6'],
  single: [0.9213, '199/216'],
};

describe('Sic Bo exact returns (216 dice results)', () => {
  const figures = exactSicBoReturns();

  it.each(SIC_BO_LIMIT_KEYS)('%s returns the published figure', (key) => {
    const [percent, exact] = PUBLISHED[key];
    const figure = figures.get(key)!;
    expect(ratioText(figure.rtp)).toBe(exact);
    // The published percentages are rounded to 0.01%; the fractions are exact (1e-7).
    expect(Math.abs(ratioToNumber(figure.rtp) - percent)).toBeLessThan(5e-5);
    expect(figure.allBetsEqual).toBe(true);
  });

  it('enumerates every bet of the layout', () => {
    const count = (key: string) => figures.get(key)!.betsEnumerated;
    expect(count('combination')).toBe(15);
    expect(count('single')).toBe(6);
    expect(count('double')).toBe(6);
    expect(count('triple')).toBe(6);
    expect(count('total9')).toBe(1);
  });

  it('gives the variance beside the return', () => {
    // Small: returns 2 with probability 105/216, else 0: E[r²] = 420/216, variance = 420/216 − (35/36)² = 1295/1296.
    expect(ratioText(figures.get('small')!.variance)).toBe('1295/1296');
    expect(sicBoMoments('single')!.rtp).toBeCloseTo(199 / 216, 12);
    expect(sicBoMoments('nope')).toBeUndefined();
  });
});
