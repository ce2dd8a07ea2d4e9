import { measureReturns } from './measure';

describe('measureReturns', () => {
  it('measures the mean return of each key with its interval', () => {
    let n = 0;
    // Alternating results: key a returns 2 then 0 (mean 1), key b always 0.5.
    const report = measureReturns(
      1000,
      ['a', 'b'],
      { a: 1, b: 0.4 },
      () => n++ % 2,
      (r) => [r === 0 ? 2 : 0, 0.5],
    );
    expect(report.a.measured).toBe(1);
    expect(report.a.exactWithinCi).toBe(true);
    expect(report.b).toMatchObject({ measured: 0.5, ciLow: 0.5, ciHigh: 0.5, exactWithinCi: false });
  });

  it('refuses fewer than two rounds', () => {
    expect(() =>
      measureReturns(
        1,
        ['a'],
        { a: 1 },
        () => 0,
        () => [1],
      ),
    ).toThrow(RangeError);
  });
});
