import { formatMoney, minorDigits, minorToDecimal } from './money-display';

describe('money display', () => {
  it('turns minor units into exact decimal strings', () => {
    expect(minorToDecimal('1250', 2)).toBe('12.50');
    expect(minorToDecimal('5', 2)).toBe('0.05');
    expect(minorToDecimal('-5', 2)).toBe('-0.05');
    expect(minorToDecimal('1250', 0)).toBe('1250');
    expect(minorToDecimal('9007199254740993', 2)).toBe('90071992547409.93');
    expect(() => minorToDecimal('1.5', 2)).toThrow(RangeError);
    expect(() => minorToDecimal('1e3', 2)).toThrow(RangeError);
  });

  it('formats for the locale without float arithmetic', () => {
    expect(formatMoney('1250', 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney(1250n, 'EUR', 'en')).toBe('€12.50');
    expect(formatMoney('9007199254740993', 'EUR', 'en')).toBe('€90,071,992,547,409.93');
    expect(formatMoney('123456', 'EUR', 'tr')).toMatch(/1\.234,56/);
    expect(formatMoney('500', 'EUR', 'en', true)).toBe('€5');
    expect(formatMoney('1250', 'JPY', 'en')).toBe('¥1,250');
  });

  it('knows each currency’s minor digits', () => {
    expect(minorDigits('EUR')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
  });
});
