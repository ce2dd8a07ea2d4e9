/** Money is an integer number of minor units (cents) in one currency; never a floating-point number. */
export interface Money {
  readonly amount: bigint;
  readonly currency: string;
}

const CURRENCY = /^[A-Z]{3}$/;
const MINOR_UNITS = /^-?(0|[1-9][0-9]*)$/;

export function isCurrency(code: string): boolean {
  return CURRENCY.test(code);
}

export function money(amount: bigint, currency: string): Money {
  if (!isCurrency(currency)) throw new RangeError(`not an ISO 4217 currency: ${currency}`);
  return { amount, currency };
}

/** Parses a decimal string of minor units ("1250"); rejects fractions, exponents and floats. */
export function parseMinorUnits(text: string): bigint {
  if (!MINOR_UNITS.test(text)) throw new RangeError(`not an amount in minor units: ${JSON.stringify(text)}`);
  return BigInt(text);
}

export function addMoney(a: Money, b: Money): Money {
  if (a.currency !== b.currency) throw new RangeError(`currency mismatch: ${a.currency} + ${b.currency}`);
  return { amount: a.amount + b.amount, currency: a.currency };
}

/**
 * Display form with `decimals` fraction digits (2 for EUR): 1250n → "12.50". Exact: no rounding happens because
 * minor units are already the smallest unit.
 */
export function formatMinorUnits(amount: bigint, decimals = 2): string {
  const negative = amount < 0n;
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? '.' + digits.slice(digits.length - decimals) : '';
  return (negative ? '-' : '') + whole + fraction;
}
