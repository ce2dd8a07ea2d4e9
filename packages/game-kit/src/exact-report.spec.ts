import { exactFiguresJson, exactFiguresTable, measuredReturnsTable } from './exact-report';
import { ratio } from './ratio';

const figures = new Map([
  [
    'fan',
    {
      rtp: ratio(77n, 80n),
      houseEdge: ratio(3n, 80n),
      variance: ratio(1n, 2n),
      betsEnumerated: 4,
      allBetsEqual: true,
    },
  ],
]);

describe('exact and measured return reports', () => {
  it('prints exact returns as numbers and fractions', () => {
    expect(exactFiguresJson(figures)).toEqual({
      fan: {
        rtp: 0.9625,
        houseEdge: 0.0375,
        variance: 0.5,
        rtpExact: '77/80',
        houseEdgeExact: '3/80',
        betsEnumerated: 4,
        allBetsEqual: true,
      },
    });
    expect(exactFiguresTable(figures)).toContain('96.2500%   77/80');
  });

  it('prints a simulation beside the exact returns', () => {
    const text = measuredReturnsTable({
      fan: { measured: 0.96, ciLow: 0.95, ciHigh: 0.97, exact: 0.9625, exactWithinCi: true },
    });
    expect(text).toContain('96.000%');
    expect(text).toMatch(/yes$/);
  });
});
