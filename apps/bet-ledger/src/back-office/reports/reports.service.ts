import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { realOperatorSql } from '../../operators/fun-book';
import { ratio, rtpInterval } from '../rtp/rtp-interval';
import { theoreticalMoments } from '../rtp/theoretical-rtp';
import { PlayersQuery, ReportFilters, RoundsQuery, RtpQuery, SummaryQuery, WINDOW_SQL } from './report-query';

/** Turnover, wins and GGR of one group, exact minor units as strings. */
export interface MoneyFigures {
  currency: string;
  bets: string;
  turnover: string;
  wins: string;
  ggr: string;
  /** GGR / turnover, for display (null without turnover). */
  margin: number | null;
}

export interface SummaryRow extends MoneyFigures {
  period: string | null;
  group: string | null;
}

export interface Page<T> {
  items: T[];
  /** Over the whole filtered window (every page), per currency. */
  totals: MoneyFigures[];
  nextOffset: number | null;
  window: { from: string; to: string; tz: string };
}

type SumRow = { currency: string; bets: string; staked: string; returned: string };

const figures = (r: SumRow): MoneyFigures => {
  const staked = BigInt(r.staked);
  const returned = BigInt(r.returned);
  return {
    currency: r.currency.trim(),
    bets: String(r.bets),
    turnover: staked.toString(),
    wins: returned.toString(),
    ggr: (staked - returned).toString(),
    margin: staked === 0n ? null : ratio(staked - returned, staked),
  };
};

/** $1..$7: the window and the filters (report-query WINDOW_SQL). */
function filterParams(f: ReportFilters): unknown[] {
  return [
    f.from ?? null,
    f.to ?? null,
    f.tz,
    f.operator ?? null,
    f.game ?? null,
    f.table ?? null,
    f.currency ?? null,
  ];
}

// Play money (operators/fun-book.ts) is never in a report.
const HOURLY_WHERE = `hour >= ${WINDOW_SQL.from} AND hour < ${WINDOW_SQL.to} AND ${realOperatorSql('operator_id')}
  AND ($4::text IS NULL OR operator_id = $4) AND ($5::text IS NULL OR game = $5)
  AND ($6::text IS NULL OR table_id = $6) AND ($7::text IS NULL OR currency = $7)`;

const PERIOD = {
  day: `to_char(date_trunc('day', hour, $3) AT TIME ZONE $3, 'YYYY-MM-DD')`,
  hour: `to_char(hour AT TIME ZONE $3, 'YYYY-MM-DD"T"HH24:00')`,
  none: `NULL::text`,
} as const;
const GROUP = { none: `NULL::text`, game: 'game', table: 'table_id', operator: 'operator_id' } as const;

/**
 * Reports read from the rollups (ledger_report_hourly, ledger_report_player_daily), never from the bets: a
 * window of a month is at most 720 hours × tables × bet kinds rows, whatever the number of bets.
 */
@Injectable()
export class ReportsService {
  constructor(private readonly ds: DataSource) {}

  async window(f: ReportFilters): Promise<{ from: string; to: string; tz: string }> {
    const [w] = (await this.ds.query(`SELECT ${WINDOW_SQL.from} AS "from", ${WINDOW_SQL.to} AS "to"`, [
      f.from ?? null,
      f.to ?? null,
      f.tz,
    ])) as { from: Date; to: Date }[];
    return { from: w.from.toISOString(), to: w.to.toISOString(), tz: f.tz };
  }

  async totals(f: ReportFilters): Promise<MoneyFigures[]> {
    const rows = (await this.ds.query(
      `SELECT currency, sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
         FROM ledger_report_hourly WHERE ${HOURLY_WHERE} GROUP BY currency ORDER BY currency`,
      filterParams(f),
    )) as SumRow[];
    return rows.map(figures);
  }

  /** Turnover, bets, wins, GGR and margin by day or hour (in tz) and by game, table or operator. */
  async summary(q: SummaryQuery): Promise<Page<SummaryRow>> {
    if (q.by === 'player') return this.summaryByPlayer(q);
    const period = PERIOD[q.groupBy];
    const group = GROUP[q.by];
    const rows = (await this.ds.query(
      `SELECT ${period} AS period, ${group} AS grp, currency,
              sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
         FROM ledger_report_hourly WHERE ${HOURLY_WHERE}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LIMIT $8 OFFSET $9`,
      [...filterParams(q), q.limit + 1, q.offset],
    )) as (SumRow & { period: string | null; grp: string | null })[];
    const items = rows.slice(0, q.limit).map((r) => ({ period: r.period, group: r.grp, ...figures(r) }));
    return {
      items,
      totals: await this.totals(q),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }

  /** By player (`operator/player`): from the daily player rollup, so whole UTC days whatever tz says. */
  private async summaryByPlayer(q: SummaryQuery): Promise<Page<SummaryRow>> {
    const where = `day >= (${WINDOW_SQL.from} AT TIME ZONE 'UTC')::date AND day < (${WINDOW_SQL.to} AT TIME ZONE 'UTC')::date
      AND ${realOperatorSql('operator_id')} AND ($4::text IS NULL OR operator_id = $4) AND ($5::text IS NULL OR game = $5)
      AND $6::text IS NULL AND ($7::text IS NULL OR currency = $7)`;
    const period = q.groupBy === 'day' ? `to_char(day, 'YYYY-MM-DD')` : 'NULL::text';
    const params = filterParams({ ...q, table: undefined });
    const rows = (await this.ds.query(
      `SELECT ${period} AS period, operator_id || '/' || player_id AS grp, currency,
              sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
         FROM ledger_report_player_daily WHERE ${where}
        GROUP BY 1, 2, 3 ORDER BY 1, 2, 3 LIMIT $8 OFFSET $9`,
      [...params, q.limit + 1, q.offset],
    )) as (SumRow & { period: string | null; grp: string | null })[];
    const totals = (await this.ds.query(
      `SELECT currency, sum(bets) AS bets, sum(staked) AS staked, sum(returned) AS returned
         FROM ledger_report_player_daily WHERE ${where} GROUP BY currency ORDER BY currency`,
      params,
    )) as SumRow[];
    return {
      items: rows.slice(0, q.limit).map((r) => ({ period: r.period, group: r.grp, ...figures(r) })),
      totals: totals.map(figures),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }

  /** Measured RTP per bet kind (by game or table, per currency) against the exact figure and its 95% band. */
  async rtp(q: RtpQuery) {
    const rows = (await this.ds.query(
      `SELECT h.game, h.table_id, h.bet_kind, h.currency, sum(h.bets) AS bets, sum(h.staked) AS staked,
              sum(h.returned) AS returned, sum(h.stake_sq) AS stake_sq, t.settings
         FROM ledger_report_hourly h LEFT JOIN ledger_tables t ON t.table_id = h.table_id
        WHERE ${HOURLY_WHERE.replace(/\b(hour|operator_id|game|table_id|currency) /g, 'h.$1 ')}
        GROUP BY h.game, h.table_id, h.bet_kind, h.currency, t.settings`,
      filterParams(q),
    )) as (SumRow & {
      game: string;
      table_id: string;
      bet_kind: string;
      stake_sq: string;
      settings: { payTable?: unknown } | null;
    })[];
    type Part = {
      staked: bigint;
      returned: bigint;
      stakeSq: bigint;
      bets: bigint;
      rtp?: number;
      variance?: number;
    };
    const groups = new Map<
      string,
      { game: string; group: string; betKind: string; currency: string; parts: Part[] }
    >();
    for (const r of rows) {
      const group = q.by === 'table' ? r.table_id : r.game;
      const key = [group, r.bet_kind, r.currency].join('\u0000');
      let g = groups.get(key);
      if (!g)
        groups.set(
          key,
          (g = { game: r.game, group, betKind: r.bet_kind, currency: r.currency.trim(), parts: [] }),
        );
      const m = theoreticalMoments(r.game, r.bet_kind, r.settings);
      g.parts.push({
        staked: BigInt(r.staked),
        returned: BigInt(r.returned),
        stakeSq: BigInt(String(r.stake_sq).split('.')[0]),
        bets: BigInt(r.bets),
        rtp: m?.rtp,
        variance: m?.variance,
      });
    }
    const all = [...groups.values()]
      .sort((a, b) => (a.group + a.betKind + a.currency < b.group + b.betKind + b.currency ? -1 : 1))
      .map((g) => {
        const staked = g.parts.reduce((s, p) => s + p.staked, 0n);
        const returned = g.parts.reduce((s, p) => s + p.returned, 0n);
        const exact = g.parts.flatMap((p) =>
          p.rtp !== undefined && p.variance !== undefined ? [{ ...p, rtp: p.rtp, variance: p.variance }] : [],
        );
        // No band unless every part has an exact figure (blackjack has none).
        const band = exact.length === g.parts.length ? rtpInterval(exact) : undefined;
        return {
          game: g.game,
          group: g.group,
          betKind: g.betKind,
          currency: g.currency,
          bets: g.parts.reduce((s, p) => s + p.bets, 0n).toString(),
          turnover: staked.toString(),
          wins: returned.toString(),
          measured: staked === 0n ? null : ratio(returned, staked),
          theoretical: band?.theoretical ?? null,
          low95: band?.low ?? null,
          high95: band?.high ?? null,
          z: band?.z ?? null,
          withinBand: band ? band.within : null,
        };
      });
    const items = all.slice(q.offset, q.offset + q.limit);
    return {
      items,
      nextOffset: all.length > q.offset + q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }

  /** Players by GGR (or turnover, bets) over whole UTC days (the player rollup is daily). */
  async players(q: PlayersQuery) {
    const order = { ggr: 'ggr DESC', turnover: 'staked DESC', bets: 'bets DESC' }[q.sort];
    const rows = (await this.ds.query(
      `SELECT operator_id, player_id, currency, sum(bets) AS bets, sum(staked) AS staked,
              sum(returned) AS returned, sum(staked) - sum(returned) AS ggr
         FROM ledger_report_player_daily
        WHERE day >= (${WINDOW_SQL.from} AT TIME ZONE 'UTC')::date AND day < (${WINDOW_SQL.to} AT TIME ZONE 'UTC')::date
          AND ${realOperatorSql('operator_id')} AND ($4::text IS NULL OR operator_id = $4) AND ($5::text IS NULL OR game = $5)
          AND $6::text IS NULL AND ($7::text IS NULL OR currency = $7)
        GROUP BY operator_id, player_id, currency
        ORDER BY ${order}, operator_id, player_id, currency LIMIT $8 OFFSET $9`,
      [...filterParams({ ...q, table: undefined }), q.limit + 1, q.offset],
    )) as (SumRow & { operator_id: string; player_id: string })[];
    return {
      items: rows
        .slice(0, q.limit)
        .map((r) => ({ operatorId: r.operator_id, playerId: r.player_id, ...figures(r) })),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }

  /** Voided and disputed rounds opened in the window (an operator's: rounds where it had bets). */
  async rounds(q: RoundsQuery) {
    const rows = (await this.ds.query(
      `SELECT r.table_id, r.round_id, r.game, r.currency, r.status, r.void_reason, r.problem, r.bet_count,
              r.total_staked, r.opened_at, r.finished_at
         FROM ledger_rounds r
        WHERE r.status IN ('voided', 'disputed') AND ($10::text IS NULL OR r.status = $10)
          AND r.opened_at >= ${WINDOW_SQL.from} AND r.opened_at < ${WINDOW_SQL.to}
          AND ($5::text IS NULL OR r.game = $5) AND ($6::text IS NULL OR r.table_id = $6)
          AND ($7::text IS NULL OR r.currency = $7)
          AND ($4::text IS NULL OR EXISTS (SELECT 1 FROM ledger_bets b
                WHERE b.table_id = r.table_id AND b.round_id = r.round_id AND b.operator_id = $4))
        ORDER BY r.opened_at, r.table_id, r.round_id LIMIT $8 OFFSET $9`,
      [...filterParams(q), q.limit + 1, q.offset, q.status ?? null],
    )) as {
      table_id: string;
      round_id: string;
      game: string;
      currency: string;
      status: string;
      void_reason: string | null;
      problem: string | null;
      bet_count: number;
      total_staked: string;
      opened_at: Date;
      finished_at: Date | null;
    }[];
    return {
      items: rows.slice(0, q.limit).map((r) => ({
        tableId: r.table_id,
        roundId: r.round_id,
        game: r.game,
        currency: r.currency.trim(),
        status: r.status,
        voidReason: r.void_reason,
        problem: r.problem,
        betCount: r.bet_count,
        totalStaked: String(r.total_staked),
        openedAt: r.opened_at.toISOString(),
        finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
      })),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }
}
