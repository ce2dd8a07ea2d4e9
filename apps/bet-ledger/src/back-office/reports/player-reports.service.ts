import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LedgerError } from '../../errors/ledger.errors';
import { LedgerQueries } from '../../use-cases/queries/ledger.queries';
import { ratio } from '../rtp/rtp-interval';
import { BetSearchQuery, HistoryQuery } from './report-query';

type BetRow = {
  bet_id: string;
  table_id: string;
  round_id: string;
  game: string;
  operator_id: string;
  player_id: string;
  currency: string;
  stake: string;
  limit_key: string;
  spec: unknown;
  accepted_at: Date;
  cancelled_at: Date | null;
  kind: string | null;
  returned: string | null;
  outcome: string | null;
  settled_at: Date | null;
};

/** A player's days, bet search and round recall for the back office. */
@Injectable()
export class PlayerReportsService {
  constructor(
    private readonly ds: DataSource,
    private readonly queries: LedgerQueries,
  ) {}

  /** A player's days (UTC) from the player rollup, newest first, with their totals per currency. */
  async history(operatorId: string, playerId: string, q: HistoryQuery) {
    const [known] = (await this.ds.query(
      `SELECT 1 FROM ledger_bets WHERE operator_id = $1 AND player_id = $2 LIMIT 1`,
      [operatorId, playerId],
    )) as unknown[];
    if (!known) throw new LedgerError('PLAYER_NOT_FOUND', `operator ${operatorId} has no player ${playerId}`);
    const rows = (await this.ds.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, game, bets, staked, returned
         FROM ledger_report_player_daily
        WHERE operator_id = $1 AND player_id = $2 AND ($3::date IS NULL OR day >= $3) AND ($4::date IS NULL OR day < $4)
        ORDER BY day DESC, currency, game LIMIT $5 OFFSET $6`,
      [operatorId, playerId, q.from ?? null, q.to ?? null, q.limit + 1, q.offset],
    )) as { day: string; currency: string; game: string; bets: string; staked: string; returned: string }[];
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
    const rows = (await this.ds.query(
      `SELECT b.bet_id, b.table_id, b.round_id, b.game, b.operator_id, b.player_id, b.currency, b.stake,
              b.limit_key, b.spec, b.accepted_at, b.cancelled_at, o.kind, o.returned, o.outcome, o.settled_at
         FROM ledger_bets b LEFT JOIN LATERAL (
           SELECT s.kind, u.returned, u.outcome, s.settled_at FROM ledger_round_settlements s,
                  unnest(s.bet_ids, s.returned, s.outcomes) AS u(bet_id, returned, outcome)
            WHERE s.table_id = b.table_id AND s.round_id = b.round_id AND u.bet_id = b.bet_id) o ON true
        WHERE ($1::text IS NULL OR b.bet_id = $1) AND ($2::text IS NULL OR b.operator_id = $2)
          AND ($3::text IS NULL OR b.player_id = $3) AND ($4::text IS NULL OR b.table_id = $4)
          AND ($5::text IS NULL OR b.round_id = $5)
          AND ($6::timestamp IS NULL OR b.accepted_at >= $6::timestamp AT TIME ZONE $8)
          AND ($7::timestamp IS NULL OR b.accepted_at < $7::timestamp AT TIME ZONE $8)
        ORDER BY b.accepted_at DESC, b.bet_id DESC LIMIT $9 OFFSET $10`,
      [
        q.bet ?? null,
        q.operator ?? null,
        q.player ?? null,
        q.table ?? null,
        q.round ?? null,
        q.from ?? null,
        q.to ?? null,
        q.tz,
        q.limit + 1,
        q.offset,
      ],
    )) as BetRow[];
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
    const [settled] = (await this.ds.query(
      `SELECT kind, settled_at FROM ledger_round_settlements WHERE table_id = $1 AND round_id = $2`,
      [tableId, roundId],
    )) as { kind: string; settled_at: Date }[];
    const shoeRows = round.shoe
      ? ((await this.ds.query(
          `SELECT commitment, rounds_dealt, rounds_checked, cards_matched, cards_skipped, problem_code, problem,
                  revealed_at FROM ledger_shoe_reveals WHERE table_id = $1 AND shoe_id = $2`,
          [tableId, round.shoe.shoeId],
        )) as Record<string, unknown>[])
      : [];
    const audit = shoeRows[0];
    const interventions = (await this.ds.query(
      `SELECT action, actor, reason, status_before, status_after, at FROM ledger_round_interventions
        WHERE table_id = $1 AND round_id = $2 ORDER BY at`,
      [tableId, roundId],
    )) as Record<string, unknown>[];
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
            revealedAt: (audit.revealed_at as Date).toISOString(),
          }
        : null,
      interventions,
    };
  }
}
