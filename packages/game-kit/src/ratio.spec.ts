import { floorTimes, ratio, ratioAdd, ratioEquals, ratioSub, ratioText, ratioToNumber } from './ratio';

describe('ratio', () => {
  it('reduces and keeps the denominator positive', () => {
    expect(ratio(6n, -8n)).toEqual({ num: -3n, den: 4n });
    expect(ratioText(ratio(57n, 20n))).toBe('57/20');
    expect(ratioText({ num: 40n, den: 20n })).toBe('2');
    expect(() => ratio(1n, 0n)).toThrow(RangeError);
  });

  it('adds, subtracts and compares exactly', () => {
    expect(ratioAdd(ratio(1n, 3n), ratio(1n, 6n))).toEqual(ratio(1n, 2n));
    expect(ratioSub(ratio(1n), ratio(77n, 80n))).toEqual(ratio(3n, 80n));
    expect(ratioEquals({ num: 2n, den: 4n }, { num: 1n, den: 2n })).toBe(true);
    expect(ratioToNumber(ratio(77n, 80n))).toBe(0.9625);
  });

  it('floors a fraction of an amount (the remainder is the house’s)', () => {
    expect(floorTimes(100n, ratio(57n, 20n))).toBe(285n);
    expect(floorTimes(1n, ratio(57n, 20n))).toBe(2n);
    expect(floorTimes(7n, ratio(19n, 20n))).toBe(6n);
    expect(() => floorTimes(-1n, ratio(1n))).toThrow(RangeError);
  });
});
