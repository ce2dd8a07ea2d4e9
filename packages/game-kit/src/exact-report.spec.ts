import {
  exactFigure,
  exactFiguresJson,
  exactFiguresTable,
  measuredReturnsTable,
  runRtpCommand,
} from './exact-report';
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

describe('exactFigure', () => {
  it('is the mean of its bets, with the variance and whether they are equal', () => {
    const f = exactFigure([
      { m1: ratio(1n, 2n), m2: ratio(1n) },
      { m1: ratio(1n), m2: ratio(2n) },
    ]);
    expect(f).toEqual({
      rtp: ratio(3n, 4n),
      houseEdge: ratio(1n, 4n),
      variance: ratio(15n, 16n),
      betsEnumerated: 2,
      allBetsEqual: false,
    });
    expect(() => exactFigure([])).toThrow(RangeError);
  });
});

describe('runRtpCommand', () => {
  const spec = {
    game: 'fanTan',
    command: 'fan-tan',
    title: 'Fan Tan',
    payTables: ['standard'],
    figures: () => figures,
  };
  const run = (argv: string[]) => {
    let out = '';
    let err = '';
    const code = runRtpCommand(spec, argv, { out: (t) => (out += t), err: (t) => (err += t) });
    return { code, out, err };
  };

  it('prints the figures as text or JSON', () => {
    expect(run([]).out).toContain('Fan Tan (standard pay table)');
    expect(JSON.parse(run(['--json', '--pay-table', 'standard']).out)).toMatchObject({
      game: 'fanTan',
      payTable: 'standard',
      bets: { fan: { rtpExact: '77/80' } },
    });
  });

  it('refuses unknown arguments and pay tables', () => {
    expect(run(['--jsn'])).toMatchObject({ code: 2, err: expect.stringContaining('usage: rtp fan-tan') });
    expect(run(['--pay-table', 'macau'])).toMatchObject({ code: 2, err: expect.stringContaining('macau') });
  });
});
