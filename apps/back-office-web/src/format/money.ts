// Money arrives as decimal strings of minor units ("1250" = 12.50). It is shown through Intl with exact decimal
// strings (never a float), so 9007199254740993 minor units format exactly.

const MINOR = /^-?(0|[1-9][0-9]*)$/;

/** "1250", 2 → "12.50"; "-5", 2 → "-0.05". */
export function minorToDecimal(minor: string, digits: number): string {
  if (!MINOR.test(minor)) throw new RangeError(`not an amount of minor units: ${minor}`);
  const negative = minor.startsWith('-');
  const abs = negative ? minor.slice(1) : minor;
  if (digits === 0) return minor;
  const padded = abs.padStart(digits + 1, '0');
  const text = `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
  return negative ? `-${text}` : text;
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

/** An amount of minor units in the player's locale and the table's currency: "€12.50", "12,50 €", "১২.৫০€". */
export function formatMoney(
  minor: string | bigint,
  currency: string,
  locale: string,
  compact = false,
): string {
  const decimal = minorToDecimal(String(minor), minorDigits(currency));
  return currencyFormat(locale, currency, compact).format(decimal as Intl.StringNumericLiteral);
}

/** A plain count or number in the locale ("1,234", "۱٬۲۳۴"). */
export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatPercent(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value);
}

/** Adds amounts of minor units exactly. */
export function addMinor(...amounts: (string | bigint)[]): string {
  return String(amounts.reduce<bigint>((sum, a) => sum + BigInt(a), 0n));
}
