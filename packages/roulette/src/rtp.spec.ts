import { ROULETTE_BET_TYPES } from './bet';
import { computeRouletteRtp } from './rtp';

describe('exact rtp', () => {
  const report = computeRouletteRtp();

  it('is exactly 36/37 for every bet type, every bet of the type on its own', () => {
    for (const type of ROULETTE_BET_TYPES) {
      const figure = report.bets[type];
      expect({ type, rtp: figure.rtp, edge: figure.houseEdge, equal: figure.allBetsEqual }).toEqual({
        type,
        rtp: { num: 36n, den: 37n },
        edge: { num: 1n, den: 37n },
        equal: true,
      });
    }
    expect(report.bets.split.betsEnumerated).toBe(60);
  });

  it('is exactly 36/37 for every announced bet', () => {
    for (const figure of Object.values(report.announced)) {
      expect(figure.rtp).toEqual({ num: 36n, den: 37n });
      expect(figure.allBetsEqual).toBe(true);
    }
    expect(report.announced.neighbours.betsEnumerated).toBe(37 * 9);
  });
});
