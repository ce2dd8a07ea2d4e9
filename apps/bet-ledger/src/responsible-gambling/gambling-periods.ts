/** The limits an operator can set, as stored (ledger_gambling_limits.kind). */
export const GAMBLING_LIMIT_KINDS = [
  'daily_wager',
  'weekly_wager',
  'daily_loss',
  'weekly_loss',
  'max_stake',
] as const;
export type GamblingLimitKind = (typeof GAMBLING_LIMIT_KINDS)[number];

/**
 * A player's break (docs/rules/restrictions.md#cooling-off), stored beside the limits (one row per currency of the
 * operator) with the end of the break in Unix ms as its amount, so the bet context reads it with them.
 */
export const COOLING_OFF_KIND = 'cooling_off';

/** The current periods at `at`, in UTC: the day from 00:00, the week from Monday 00:00. */
export function periodStarts(at: Date | string): { day: string; week: string } {
  const t = new Date(at);
  const day = Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate());
  const sinceMonday = (t.getUTCDay() + 6) % 7;
  return {
    day: new Date(day).toISOString(),
    week: new Date(day - sinceMonday * 86_400_000).toISOString(),
  };
}
