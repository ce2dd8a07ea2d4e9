import { Injectable } from '@nestjs/common';
import { Sql } from '@casino/wallet';
import { DataSource } from 'typeorm';
import { poolSql } from '../../database/pool-sql';
import { LedgerError } from '../../errors/ledger.errors';
import { LedgerQueries } from '../../use-cases/queries/ledger.queries';
import { ratio } from '../rtp/rtp-interval';
import {
  playerDays,
  playerHasBets,
  roundInterventions,
  roundSettlement,
  searchBets,
  shoeAudit,
} from './player-reports.repository';
import { BetSearchQuery, HistoryQuery } from './report-query';

/** A player's days, bet search and round recall for the back office. */
@Injectable()
export class PlayerReportsService {
  private readonly sql: Sql;

  constructor(
    ds: DataSource,
    private readonly queries: LedgerQueries,
  ) {
    this.sql = poolSql(ds);
  }

  /** A player's days (UTC) from the player rollup, newest first, with their totals per currency. */
  async history(operatorId: string, playerId: string, q: HistoryQuery) {
    if (!(await playerHasBets(this.sql, operatorId, playerId)))
      throw new LedgerError('PLAYER_NOT_FOUND', `operator ${operatorId} has no player ${playerId}`);
    const rows = await playerDays(this.sql, operatorId, playerId, q);
    return {
      operatorId,
      playerId,
      items: rows.slice(0, q.limit).map((r) => {
        const staked = BigInt(r.staked);
        const returned = BigInt(r.returned);
        return {
          day: r.day,
          currency: r.currency.trim(),
          game: r.game,
          bets: String(r.bets),
          turnover: staked.toString(),
          wins: returned.toString(),
          ggr: (staked - returned).toString(),
          margin: staked === 0n ? null : ratio(staked - returned, staked),
        };
      }),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
    };
  }

  /** Bets by id, by operator and player, or by table (and round), newest first, with how each ended. */
  async searchBets(q: BetSearchQuery) {
    const rows = await searchBets(this.sql, q);
    return {
      items: rows.slice(0, q.limit).map((r) => ({
        betId: r.bet_id,
        tableId: r.table_id,
        roundId: r.round_id,
        game: r.game,
        operatorId: r.operator_id,
        playerId: r.player_id,
        currency: r.currency.trim(),
        betKind: r.limit_key,
        bet: r.spec,
        stake: String(r.stake),
        status: r.cancelled_at ? 'cancelled' : (r.kind ?? 'open'),
        returned: r.returned === null ? null : String(r.returned),
        outcome: r.outcome,
        acceptedAt: r.accepted_at.toISOString(),
        settledAt: r.settled_at ? r.settled_at.toISOString() : null,
      })),
      nextOffset: rows.length > q.limit ? q.offset + q.limit : null,
    };
  }

  /**
   * Round recall: the round (settings, result with its cards or pocket in order, timings, every bet and its
   * settlement), its shoe's commitment and audit once revealed, and the back office's interventions. An
   * operator's staff see that operator's bets only.
   */
  async recall(tableId: string, roundId: string, operatorId: string | null) {
    const round =
      operatorId === null
        ? await this.queries.round(tableId, roundId)
        : await this.queries.operatorRound(operatorId, tableId, roundId);
    if (operatorId !== null && round.bets.length === 0)
      throw new LedgerError('ROUND_NOT_FOUND', `operator ${operatorId} had no bets in ${tableId}/${roundId}`);
    const settled = await roundSettlement(this.sql, tableId, roundId);
    const audit = round.shoe ? await shoeAudit(this.sql, tableId, round.shoe.shoeId) : undefined;
    const interventions = await roundInterventions(this.sql, tableId, roundId);
    return {
      ...round,
      settledAt: settled ? settled.settled_at.toISOString() : null,
      settlementKind: settled?.kind ?? null,
      shoeAudit: audit
        ? {
            commitment: audit.commitment,
            roundsDealt: audit.rounds_dealt,
            roundsChecked: audit.rounds_checked,
            cardsMatched: audit.cards_matched,
            cardsSkipped: audit.cards_skipped,
            ok: audit.problem_code === null,
            problemCode: audit.problem_code,
            problem: audit.problem,
            revealedAt: audit.revealed_at.toISOString(),
          }
        : null,
      interventions,
    };
  }
}
