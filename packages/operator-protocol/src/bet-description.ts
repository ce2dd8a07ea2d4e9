import { BetSpec, betSpotKey } from '@casino/events';

/** The longest description a v2 call carries (its schema's maximum). */
export const MAX_BET_DESCRIPTION = 200;

/** ISO 4217 currencies without the usual two minor-unit digits; every other currency has two. */
const MINOR_DIGITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
};

/**
 * Minor units as a decimal in the currency's digits, by integer arithmetic only (no float ever holds an amount):
 * 500n EUR → "5.00", 1234n JPY → "1234", 1005n KWD → "1.005".
 */
export function formatAmount(minor: bigint, currency: string): string {
  const digits = MINOR_DIGITS[currency] ?? 2;
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  return `${negative ? '-' : ''}${whole}${digits > 0 ? `.${text.slice(text.length - digits)}` : ''}`;
}

/** "dragonTiger" → "Dragon Tiger". */
function gameTitle(game: string): string {
  return game
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s-]+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

/** What the bet is on, from its game definition's spot ("straight:17" → "straight 17"). */
function spotText(bet: BetSpec): string {
  if (bet.game === 'blackjack') return `${bet.kind} seat ${bet.seat} hand ${bet.hand}`;
  return betSpotKey(bet).replace(/[:_]/g, ' ');
}

/**
 * A bet for people, as the operator's statements show it: "Roulette · straight 17 · 5.00 EUR". Deterministic (the
 * same bet always reads the same, so a retried call is the same call), derived from the game definition's spot of
 * the bet and the stake in minor units.
 */
export function describeBet(bet: BetSpec, stake: bigint, currency: string): string {
  const text = `${gameTitle(bet.game)} · ${spotText(bet)} · ${formatAmount(stake, currency)} ${currency}`;
  return text.length <= MAX_BET_DESCRIPTION ? text : `${text.slice(0, MAX_BET_DESCRIPTION - 1)}…`;
}
