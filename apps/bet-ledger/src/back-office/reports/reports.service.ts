import { Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { poolSql } from '../../database/pool-sql';
import { ratio, rtpInterval } from '../rtp/rtp-interval';
import { theoreticalMoments } from '../rtp/theoretical-rtp';
import { PlayersQuery, ReportFilters, RoundsQuery, RtpQuery, SummaryQuery } from './report-query';
import {
  hourlySummary,
  hourlyTotals,
  playerRanking,
  playerSummary,
  reportWindow,
  rtpSums,
  SumRow,
  voidedAndDisputedRounds,
} from './reports.repository';

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

/**
 * Reports read from the rollups (ledger_report_hourly, ledger_report_player_daily), never from the bets: a
 * window of a month is at most 720 hours × tables × bet kinds rows, whatever the number of bets.
 */
@Injectable()
export class ReportsService {
  private readonly sql: Sql;

  constructor(ds: DataSource) {
    this.sql = poolSql(ds);
  }

  async window(f: ReportFilters): Promise<{ from: string; to: string; tz: string }> {
    const w = await reportWindow(this.sql, f);
    return { from: w.from.toISOString(), to: w.to.toISOString(), tz: f.tz };
  }

  async totals(f: ReportFilters): Promise<MoneyFigures[]> {
    const rows = await hourlyTotals(this.sql, f);
    return rows.map(figures);
  }

  /** Turnover, bets, wins, GGR and margin by day or hour (in tz) and by game, table or operator. */
  async summary(q: SummaryQuery): Promise<Page<SummaryRow>> {
    if (q.by === 'player') return this.summaryByPlayer(q);
    const rows = await hourlySummary(this.sql, { ...q, by: q.by });
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
    const { rows, totals } = await playerSummary(this.sql, q);
    return {
      items: rows.slice(0, q.limit).map((r) => ({ period: r.period, group: r.grp, ...figures(r) })),
      totals: totals.map(figures),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
      window: await this.window(q),
    };
  }

  /** Measured RTP per bet kind (by game or table, per currency) against the exact figure and its 95% band. */
  async rtp(q: RtpQuery) {
    const rows = await rtpSums(this.sql, q);
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
    const rows = await playerRanking(this.sql, q);
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
    const rows = await voidedAndDisputedRounds(this.sql, q);
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
