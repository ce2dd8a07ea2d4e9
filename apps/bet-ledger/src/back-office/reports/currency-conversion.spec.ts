import { convertMinor, divideHalfEven, minorDigits, parseRate } from './currency-conversion';

describe('reporting conversions', () => {
  it('rounds half to even, both signs', () => {
    expect([5n, 15n, 25n, 26n, 24n].map((n) => divideHalfEven(n, 10n))).toEqual([0n, 2n, 2n, 3n, 2n]);
    expect([-5n, -15n, -25n, -26n].map((n) => divideHalfEven(n, 10n))).toEqual([0n, -2n, -2n, -3n]);
  });

  it('converts minor units exactly at a decimal rate, across minor-unit digits', () => {
    // 1,234.56 TRY at 0.0265 EUR per TRY = 32.71584 EUR → 32.72.
    expect(convertMinor(123_456n, '0.0265', 'TRY', 'EUR')).toBe(3_272n);
    // 10.00 EUR at 157.5 JPY per EUR = 1,575 JPY (JPY has no minor unit).
    expect(convertMinor(1_000n, '157.5', 'EUR', 'JPY')).toBe(1_575n);
    // 1 JPY at 0.00635 EUR = 0.635 cent → 1 cent; 0.5 cent (a tie) → 0.
    expect(convertMinor(1n, '0.00635', 'JPY', 'EUR')).toBe(1n);
    expect(convertMinor(1n, '0.005', 'JPY', 'EUR')).toBe(0n);
    // A negative GGR converts symmetrically; KWD has three digits.
    expect(convertMinor(-123_456n, '0.0265', 'TRY', 'EUR')).toBe(-3_272n);
    expect(convertMinor(1_000n, '0.33', 'EUR', 'KWD')).toBe(3_300n);
    // A figure past 2^53 stays exact.
    expect(convertMinor(9_007_199_254_740_993n, '1', 'EUR', 'USD')).toBe(9_007_199_254_740_993n);
  });

  it('takes only positive decimal strings as rates', () => {
    expect(parseRate('0.0265')).toEqual({ units: 265n, scale: 4 });
    for (const bad of ['0', '0.000', '-1', '1e-3', '.5', '1.', '01.5', '1.1234567890123'])
      expect(() => parseRate(bad)).toThrow(RangeError);
    expect([minorDigits('EUR'), minorDigits('JPY'), minorDigits('KWD'), minorDigits('BDT')]).toEqual([
      2, 0, 3, 2,
    ]);
  });
});
