import { Sql } from '@casino/wallet';
import { BetSearchQuery, HistoryQuery } from './report-query';

/** A bet with how it ended (its round's settlement, unnested). */
export type BetSearchRow = {
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

/** Whether the operator's player ever had a bet. */
export async function playerHasBets(sql: Sql, operatorId: string, playerId: string): Promise<boolean> {
  const rows = await sql.rows(`SELECT 1 FROM ledger_bets WHERE operator_id = $1 AND player_id = $2 LIMIT 1`, [
    operatorId,
    playerId,
  ]);
  return rows.length > 0;
}

/** One page (and one row more) of a player's days from the player rollup, newest first. */
export function playerDays(
  sql: Sql,
  operatorId: string,
  playerId: string,
  q: HistoryQuery,
): Promise<
  { day: string; currency: string; game: string; bets: string; staked: string; returned: string }[]
> {
  return sql.rows(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, currency, game, bets, staked, returned
       FROM ledger_report_player_daily
      WHERE operator_id = $1 AND player_id = $2 AND ($3::date IS NULL OR day >= $3) AND ($4::date IS NULL OR day < $4)
      ORDER BY day DESC, currency, game LIMIT $5 OFFSET $6`,
    [operatorId, playerId, q.from ?? null, q.to ?? null, q.limit + 1, q.offset],
  );
}

/** One page (and one row more) of bets by id, operator and player, table and round, or time, newest first. */
export function searchBets(sql: Sql, q: BetSearchQuery): Promise<BetSearchRow[]> {
  return sql.rows<BetSearchRow>(
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
  );
}

/** How a round's settlement went (settled or refunded) and when, if it has one. */
export async function roundSettlement(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<{ kind: string; settled_at: Date } | undefined> {
  const [settled] = await sql.rows<{ kind: string; settled_at: Date }>(
    `SELECT kind, settled_at FROM ledger_round_settlements WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId],
  );
  return settled;
}

/** A revealed shoe's commitment and audit (ledger_shoe_reveals). */
export interface ShoeAuditRow {
  commitment: unknown;
  rounds_dealt: number;
  rounds_checked: number;
  cards_matched: number;
  cards_skipped: number;
  problem_code: string | null;
  problem: string | null;
  revealed_at: Date;
}

/** A shoe's audit, once revealed. */
export async function shoeAudit(
  sql: Sql,
  tableId: string,
  shoeId: string,
): Promise<ShoeAuditRow | undefined> {
  const [audit] = await sql.rows<ShoeAuditRow>(
    `SELECT commitment, rounds_dealt, rounds_checked, cards_matched, cards_skipped, problem_code, problem,
            revealed_at FROM ledger_shoe_reveals WHERE table_id = $1 AND shoe_id = $2`,
    [tableId, shoeId],
  );
  return audit;
}

/** The back office's interventions on a round, oldest first. */
export function roundInterventions(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<Record<string, unknown>[]> {
  return sql.rows(
    `SELECT action, actor, reason, status_before, status_after, at FROM ledger_round_interventions
      WHERE table_id = $1 AND round_id = $2 ORDER BY at`,
    [tableId, roundId],
  );
}
