import { Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { poolSql } from '../../database/pool-sql';
import { dailyFiguresByCurrency, dayRates, putDayRates } from './exchange-rates.repository';
import { convertMinor } from './currency-conversion';

/** One day's rates into one reporting currency: currency → units of the quote per unit (decimal strings). */
export interface DayRates {
  day: string;
  quote: string;
  rates: Record<string, string>;
}

/** One day's figures in one currency, and (when the day has its rate) in the reporting currency. */
export interface ConvertedRow {
  day: string;
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  ggr: string;
  /** Units of the reporting currency per unit of `currency` (1 for the reporting currency itself); null: none. */
  rate: string | null;
  converted: { turnover: string; wins: string; ggr: string } | null;
}

export interface ConvertedReport {
  reportingCurrency: string;
  operator: string | null;
  window: { from: string; to: string };
  items: ConvertedRow[];
  /** The sums of the converted figures, in minor units of the reporting currency (days without a rate left out). */
  totals: { turnover: string; wins: string; ggr: string };
  /** Days with figures in a currency that has no rate into the reporting currency for that day. */
  missingRates: { day: string; currencies: string[] }[];
}

/** A numeric's text without the trailing zeros of its scale ("0.026500000000" → "0.0265"). */
const plainRate = (text: string): string => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * The daily rate table and the reports converted with it (docs/back-office.md#converted-reports). Figures come from
 * the hourly rollup by UTC day and currency; each figure of a day is converted at that day's rate on its own,
 * rounded half-even to the reporting currency's minor unit.
 */
@Injectable()
export class ExchangeRatesService {
  private readonly sql: Sql;

  constructor(ds: DataSource) {
    this.sql = poolSql(ds);
  }

  /** Sets (or replaces) the listed currencies' rates of a day; the others of the day are kept. */
  async put(day: string, quote: string, rates: Record<string, string>, actor: string): Promise<DayRates> {
    await putDayRates(this.sql, day, quote, rates, actor);
    const [stored] = await this.list(quote, day, day);
    return stored;
  }

  /** The rates into `quote` of the days from `from` to `to` (inclusive), by day. */
  async list(quote: string, from: string, to: string): Promise<DayRates[]> {
    const rows = await dayRates(this.sql, quote, from, to);
    const days = new Map<string, DayRates>();
    for (const r of rows) {
      const d = days.get(r.day) ?? { day: r.day, quote, rates: {} };
      d.rates[r.currency] = plainRate(r.rate);
      days.set(r.day, d);
    }
    return [...days.values()];
  }

  /** An operator's (or every operator's) settled bets of the UTC days [from, to), converted into `quote`. */
  async converted(q: {
    operator?: string;
    from: string;
    to: string;
    quote: string;
  }): Promise<ConvertedReport> {
    const rows = await dailyFiguresByCurrency(this.sql, q);
    const rates = new Map((await this.list(q.quote, q.from, q.to)).map((d) => [d.day, d.rates] as const));
    const totals = { turnover: 0n, wins: 0n, ggr: 0n };
    const missing = new Map<string, string[]>();
    const items = rows.map((r): ConvertedRow => {
      const staked = BigInt(r.staked);
      const returned = BigInt(r.returned);
      const figures = { turnover: staked, wins: returned, ggr: staked - returned };
      const rate = r.currency === q.quote ? '1' : (rates.get(r.day)?.[r.currency] ?? null);
      if (rate === null) missing.set(r.day, [...(missing.get(r.day) ?? []), r.currency]);
      const converted =
        rate === null
          ? null
          : {
              turnover: convertMinor(figures.turnover, rate, r.currency, q.quote),
              wins: convertMinor(figures.wins, rate, r.currency, q.quote),
              ggr: convertMinor(figures.ggr, rate, r.currency, q.quote),
            };
      if (converted) for (const k of ['turnover', 'wins', 'ggr'] as const) totals[k] += converted[k];
      return {
        day: r.day,
        currency: r.currency,
        bets: r.bets,
        turnover: String(figures.turnover),
        wins: String(figures.wins),
        ggr: String(figures.ggr),
        rate,
        converted: converted && {
          turnover: String(converted.turnover),
          wins: String(converted.wins),
          ggr: String(converted.ggr),
        },
      };
    });
    return {
      reportingCurrency: q.quote,
      operator: q.operator ?? null,
      window: { from: q.from, to: q.to },
      items,
      totals: { turnover: String(totals.turnover), wins: String(totals.wins), ggr: String(totals.ggr) },
      missingRates: [...missing].map(([day, currencies]) => ({ day, currencies })),
    };
  }
}
