/**
 * Reporting conversions (docs/back-office.md#converted-reports): amounts in minor units of one currency turned into
 * minor units of the reporting currency at a day's rate, exactly: the rate is a decimal string (never a float),
 * the product is computed in bigint and rounded half-even to the reporting currency's minor unit. Bets never
 * meet a rate: only reports do.
 */

/** A rate: units of the reporting currency one unit of the converted currency is worth (`0.0265` EUR per TRY). */
export const RATE_PATTERN = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,12})?$/;

/** The currency's minor-unit digits (EUR 2, JPY 0, KWD 3) as ISO 4217 (through Intl) states them. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** A decimal rate as an integer and its scale: "0.0265" → 265n / 10^4. */
export function parseRate(rate: string): { units: bigint; scale: number } {
  if (!RATE_PATTERN.test(rate)) throw new RangeError(`rate ${rate} is not a decimal such as 0.0265`);
  const [whole, fraction = ''] = rate.split('.');
  const units = BigInt(whole + fraction);
  if (units === 0n) throw new RangeError('a rate must be positive');
  return { units, scale: fraction.length };
}

/** n / d rounded half to even (d > 0): ties go to the even neighbour, so rounding does not drift one way. */
export function divideHalfEven(n: bigint, d: bigint): bigint {
  const negative = n < 0n;
  const a = negative ? -n : n;
  let q = a / d;
  const twice = (a % d) * 2n;
  if (twice > d || (twice === d && q % 2n === 1n)) q += 1n;
  return negative ? -q : q;
}

/** `amount` minor units of `from` in minor units of `to`, at `rate` (units of `to` per unit of `from`). */
export function convertMinor(amount: bigint, rate: string, from: string, to: string): bigint {
  const { units, scale } = parseRate(rate);
  const shift = minorDigits(to) - minorDigits(from);
  const numerator = amount * units * (shift > 0 ? 10n ** BigInt(shift) : 1n);
  const denominator = 10n ** BigInt(scale) * (shift < 0 ? 10n ** BigInt(-shift) : 1n);
  return divideHalfEven(numerator, denominator);
}
