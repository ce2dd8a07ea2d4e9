import { ApiError, requestJson, seg } from './http';

// The ledger's report routes (docs/back-office.md "Request and response shapes"), read from its rollups. Money
// is strings of minor units; margin and RTP figures are numbers for display only.

/** What every money report gives per row and per total: its currency, bets, turnover, wins, GGR and margin. */
export interface ReportFigures {
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  ggr: string;
  margin: number | null;
}

export interface SummaryRow extends ReportFigures {
  period: string;
  group: string | null;
}

export type SummaryTotal = ReportFigures;

export interface Summary {
  items: SummaryRow[];
  totals: SummaryTotal[];
  nextOffset: number | null;
}

export interface RtpRow {
  game: string;
  group: string;
  betKind: string;
  currency: string;
  bets: string;
  measured: number | null;
  theoretical: number | null;
  low95: number | null;
  high95: number | null;
  withinBand?: boolean;
}

/** A page of a report route; `nextOffset` null on the last page. */
export interface ReportPage<T> {
  items: T[];
  nextOffset: number | null;
}

/** GET /back-office/reports/players: a player's figures over whole UTC days. */
export interface PlayerRow extends ReportFigures {
  operatorId: string;
  playerId: string;
}

/** GET /back-office/reports/rounds: a voided or disputed round opened in the window. */
export interface RoundRow {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: string;
  voidReason: string | null;
  problem: string | null;
  betCount: number;
  totalStaked: string;
  openedAt: string;
  finishedAt: string | null;
}

/** GET /back-office/bets: one bet and its settlement. */
export interface BetRow {
  betId: string;
  tableId: string;
  roundId: string;
  game: string;
  operatorId: string;
  playerId: string;
  currency: string;
  betKind: string;
  stake: string;
  status: 'open' | 'settled' | 'refunded' | 'cancelled';
  returned: string | null;
  outcome: string | null;
  acceptedAt: string;
  settledAt: string | null;
}

/** GET /back-office/reports/bonuses: an operator's bonus money in players' hands now, per currency. */
export interface BonusLiabilityRow {
  operatorId: string;
  currency: string;
  activeBonuses: number;
  balance: string;
  wagered: string;
  requirement: string;
}

/** GET /back-office/reports/bonuses: grants, conversions, forfeits and expiries of one operator, UTC day, currency. */
export interface BonusDayRow {
  operatorId: string;
  day: string;
  currency: string;
  granted: string;
  grants: number;
  converted: string;
  forfeited: string;
  expired: string;
}

export interface BonusReport {
  from: string;
  to: string;
  liabilities: BonusLiabilityRow[];
  items: BonusDayRow[];
}

/** GET /back-office/reports/converted: one UTC day's figures in one currency, and converted when the day has a rate. */
export interface ConvertedRow {
  day: string;
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  ggr: string;
  /** Units of the reporting currency per unit of `currency`, as the ledger's decimal string; null: no rate. */
  rate: string | null;
  converted: { turnover: string; wins: string; ggr: string } | null;
}

/** GET /back-office/reports/converted (docs/back-office.md#converted-reports). */
export interface ConvertedReport {
  reportingCurrency: string;
  operator: string | null;
  window: { from: string; to: string };
  items: ConvertedRow[];
  /** Minor units of the reporting currency; the rows without a rate are left out. */
  totals: { turnover: string; wins: string; ggr: string };
  missingRates: { day: string; currencies: string[] }[];
}

/** PUT /back-office/exchange-rates/{day}: rates into `quote` as decimal strings, with the audit's reason. */
export interface PutRates {
  quote: string;
  rates: Record<string, string>;
  reason: string;
}

/** A day's stored rates into one reporting currency. */
export interface DayRates {
  day: string;
  quote: string;
  rates: Record<string, string>;
}

/** The report routes the Reports page reads (each also answers CSV). */
export type ReportRoute = 'reports/summary' | 'reports/players' | 'reports/rounds' | 'bets';

export interface Window {
  from: string;
  to: string;
  tz: string;
}

export class ReportsApi {
  constructor(private readonly token: string) {}

  private query(window: Window, extra: Record<string, string> = {}): string {
    return new URLSearchParams({ ...window, ...extra }).toString();
  }

  /** GGR and the rest by day; null when the role may not read financial reports. */
  async summaryByDay(window: Window): Promise<Summary | null> {
    return this.orForbidden(() =>
      requestJson<Summary>(
        `/back-office/reports/summary?${this.query(window, { groupBy: 'day', limit: '100' })}`,
        this.token,
      ),
    );
  }

  async rtp(window: Window): Promise<RtpRow[] | null> {
    const answer = await this.orForbidden(() =>
      requestJson<{ items: RtpRow[] }>(
        `/back-office/reports/rtp?${this.query(window, { by: 'game', limit: '100' })}`,
        this.token,
      ),
    );
    return answer?.items ?? null;
  }

  /** The live drift alarm's flags (docs/back-office.md#live-rtp-drift-alarm); null without reports.rtp. */
  async alerts(): Promise<AlertRow[] | null> {
    const answer = await this.orForbidden(() =>
      requestJson<{ items: AlertRow[] }>('/back-office/alerts', this.token),
    );
    return answer?.items ?? null;
  }

  /** The server's CSV of the daily summary (its columns and exact amounts), as text. */
  summaryCsv(window: Window): Promise<string> {
    return this.csv('reports/summary', { ...window, groupBy: 'day', limit: '1000' });
  }

  /** Bonus liabilities now and the bonus books by operator and day (bonusReportParams). */
  bonuses(params: Record<string, string>): Promise<BonusReport> {
    return requestJson<BonusReport>(
      `/back-office/reports/bonuses?${new URLSearchParams(params).toString()}`,
      this.token,
    );
  }

  /** Figures by UTC day and currency converted into a reporting currency (convertedReportParams). */
  converted(params: Record<string, string>): Promise<ConvertedReport> {
    return requestJson<ConvertedReport>(
      `/back-office/reports/converted?${new URLSearchParams(params).toString()}`,
      this.token,
    );
  }

  /** Sets (or replaces) the listed currencies' rates of a UTC day (rates.write); answers the day's stored rates. */
  putRates(day: string, body: PutRates): Promise<DayRates> {
    return requestJson<DayRates>(`/back-office/exchange-rates/${seg(day)}`, this.token, {
      method: 'PUT',
      body,
    });
  }

  /** One page of a report route as JSON. */
  page<T>(route: ReportRoute, params: Record<string, string>): Promise<T> {
    return requestJson<T>(`/back-office/${route}?${new URLSearchParams(params).toString()}`, this.token);
  }

  /** The same request as CSV: the ledger's own file, so the amounts are its exact integers. */
  async csv(route: ReportRoute, params: Record<string, string>): Promise<string> {
    const query = new URLSearchParams({ ...params, format: 'csv' }).toString();
    const res = await fetch(`/back-office/${route}?${query}`, {
      headers: { authorization: `Bearer ${this.token}`, accept: 'text/csv' },
    });
    if (!res.ok) {
      const text = await res.text();
      const body = safeCode(text);
      throw new ApiError(res.status, body.code ?? `HTTP_${res.status}`, body.message ?? text);
    }
    return res.text();
  }

  private async orForbidden<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 403 || err.status === 404)) return null;
      throw err;
    }
  }
}

/** A window of `days` whole UTC days ending today (inclusive): `to` is tomorrow, exclusive. */
export function lastDays(days: number, now = new Date()): Window {
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  const from = new Date(to.getTime() - days * 86_400_000);
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10), tz: 'UTC' };
}

/**
 * A flag of GET /back-office/alerts: RTP out of its 99.9% band, a failed shoe audit, a bet command the ledger
 * refused before deciding it (no live session of its player, another game's topic), or a void held for want of a
 * pit boss's approval.
 */
export interface AlertRow {
  kind: 'rtp_drift' | 'shoe_audit' | 'command_refused' | 'void_held';
  key: string;
  tableId: string;
  betKind?: string;
  currency?: string;
  measured?: number;
  theoretical?: number;
  z?: number;
  shoeId?: string;
  problemCode?: string;
  commandType?: string;
  operatorId?: string;
  playerId?: string;
  code?: string;
  message?: string | null;
  roundId?: string;
  reason?: string;
}

/** The `{code, message}` of a refused CSV request (its body is JSON like every refusal). */
function safeCode(text: string): { code?: string; message?: string } {
  try {
    return JSON.parse(text) as { code?: string; message?: string };
  } catch {
    return {};
  }
}
