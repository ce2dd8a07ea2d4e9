// The report filter bar's values and the query they become. Staff pick whole days, both ends included ("from the
// 1st to the 23rd"); the ledger's `to` is exclusive, so the query asks for the day after the last one shown.

export interface ReportFilters {
  /** First day, YYYY-MM-DD, local to tz. */
  from: string;
  /** Last day included, YYYY-MM-DD, local to tz. */
  to: string;
  tz: string;
  /** Empty: every operator (platform staff); an operator's staff are scoped by the ledger anyway. */
  operator: string;
  game: string;
  table: string;
  currency: string;
}

/** The day `day` + `days` (YYYY-MM-DD), by the calendar: no time zone or daylight saving involved. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Today's date in `tz` (YYYY-MM-DD). */
export function todayIn(tz: string, now = new Date()): string {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(now);
}

/** Today in UTC, every operator, game, table and currency. */
export function defaultFilters(now = new Date()): ReportFilters {
  const today = todayIn('UTC', now);
  return { from: today, to: today, tz: 'UTC', operator: '', game: '', table: '', currency: '' };
}

/**
 * The bonus report's query (GET /back-office/reports/bonuses): whole UTC days, `to` exclusive, and the operator; the
 * route takes no time zone, game, table or currency.
 */
export function bonusReportParams(f: ReportFilters): Record<string, string> {
  const operator = f.operator.trim();
  return { from: f.from, to: addDays(f.to, 1), ...(operator ? { operator } : {}) };
}

/**
 * The converted report's query (GET /back-office/reports/converted): whole UTC days, `to` exclusive, the operator
 * and the reporting currency `in`; like the bonus report it takes no time zone, game, table or currency.
 */
export function convertedReportParams(f: ReportFilters, reportingCurrency: string): Record<string, string> {
  return { in: reportingCurrency, ...bonusReportParams(f) };
}

/** An exchange rate as the ledger takes it: a plain decimal string (no sign, no exponent, ≤ 12 decimals), > 0. */
export function rateProblem(rate: string): 'format' | 'zero' | null {
  if (!/^(0|[1-9][0-9]{0,17})(\.[0-9]{1,12})?$/.test(rate)) return 'format';
  return /[1-9]/.test(rate) ? null : 'zero';
}

/** The ledger's query parameters: empty filters left out, `to` made exclusive. */
export function filterParams(f: ReportFilters): Record<string, string> {
  const params: Record<string, string> = { from: f.from, to: addDays(f.to, 1), tz: f.tz };
  for (const key of ['operator', 'game', 'table', 'currency'] as const) {
    const value = f[key].trim();
    if (value) params[key] = key === 'currency' ? value.toUpperCase() : value;
  }
  return params;
}

/** A problem with the filters before asking the ledger, or null. */
export function filtersProblem(f: ReportFilters): 'dates' | 'order' | null {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (!day.test(f.from) || !day.test(f.to)) return 'dates';
  return f.from > f.to ? 'order' : null;
}
