// Display of money for people, in their locale (the web clients import this file from source; it needs only Intl).
// Amounts arrive as decimal strings of minor units ("1250" = 12.50) and reach Intl as exact decimal strings, never
// a float, so 9007199254740993 minor units format exactly.
import { formatMinorUnits, parseMinorUnits } from './money';

/** "1250", 2 → "12.50"; "-5", 2 → "-0.05". Throws a RangeError for anything but whole minor units. */
export function minorToDecimal(minor: string, digits: number): string {
  return formatMinorUnits(parseMinorUnits(minor), digits);
}

const formats = new Map<string, Intl.NumberFormat>();

function currencyFormat(locale: string, currency: string, compact: boolean): Intl.NumberFormat {
  const key = `${locale}|${currency}|${compact}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      ...(compact
        ? { minimumFractionDigits: 0, maximumFractionDigits: 2, trailingZeroDisplay: 'stripIfInteger' }
        : {}),
    });
    formats.set(key, format);
  }
  return format;
}

/** The currency's minor-unit digits (EUR 2, JPY 0) as Intl knows them. */
export function minorDigits(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** An amount of minor units in the locale and currency: "€12.50", "12,50 €", "১২.৫০€"; compact drops ".00". */
export function formatMoney(
  minor: string | bigint,
  currency: string,
  locale: string,
  compact = false,
): string {
  const decimal = minorToDecimal(String(minor), minorDigits(currency));
  return currencyFormat(locale, currency, compact).format(decimal as Intl.StringNumericLiteral);
}
