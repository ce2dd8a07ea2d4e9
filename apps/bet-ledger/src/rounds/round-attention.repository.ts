import { Game } from '@casino/events';
import { Sql } from '@casino/wallet';
import { RoundStatus } from './round-view';
import { toJson } from './round.repository';

/** The statuses a round may need the back office in: disputed, or stuck open or closed. */
export type UnfinishedStatus = Extract<RoundStatus, 'open' | 'closed' | 'disputed'>;

export interface AttentionFilter {
  tableId?: string;
  game?: string;
  status?: UnfinishedStatus;
  /** Keyset paging: rounds after this one, in (table, round) order. */
  after?: { tableId: string; roundId: string };
  limit: number;
  stuckSeconds: number;
}

export interface AttentionRound {
  tableId: string;
  roundId: string;
  game: string;
  currency: string;
  status: UnfinishedStatus;
  attention: 'disputed' | 'stuck';
  problem: string | null;
  openedAt: string;
  closedAt: string | null;
  /** Live (not cancelled) bets, whose stakes are still in play. */
  betCount: number;
  totalStaked: string;
}

type Raw = {
  table_id: string;
  round_id: string;
  game: string;
  currency: string;
  status: UnfinishedStatus;
  problem: string | null;
  opened_at: Date;
  closed_at: Date | null;
  bet_count: number;
  total_staked: string;
};

// Since when a round has been in its status: an open round since it opened, a closed one since betting closed.
const SINCE = `CASE r.status WHEN 'open' THEN r.opened_at ELSE coalesce(r.closed_at, r.opened_at) END`;

/** Disputed rounds and rounds open or closed longer than the stuck age, with their live stakes. */
export async function listAttentionRounds(sql: Sql, f: AttentionFilter): Promise<AttentionRound[]> {
  const rows = await sql.rows<Raw>(
    `SELECT r.table_id, r.round_id, r.game, r.currency, r.status, r.problem, r.opened_at, r.closed_at,
       b.bet_count, b.total_staked
     FROM ledger_rounds r
     LEFT JOIN LATERAL (
       SELECT count(*)::int AS bet_count, coalesce(sum(x.stake), 0)::text AS total_staked FROM ledger_bets x
       WHERE x.table_id = r.table_id AND x.round_id = r.round_id AND x.cancelled_at IS NULL) b ON true
     WHERE r.status IN ('open', 'closed', 'disputed')
       AND (r.status = 'disputed' OR ${SINCE} < now() - make_interval(secs => $1))
       AND ($2::text IS NULL OR r.table_id = $2) AND ($3::text IS NULL OR r.game = $3)
       AND ($4::text IS NULL OR r.status = $4)
       AND ($5::text IS NULL OR (r.table_id, r.round_id) > ($5::text, $6::text))
     ORDER BY r.table_id, r.round_id LIMIT $7`,
    [
      f.stuckSeconds,
      f.tableId ?? null,
      f.game ?? null,
      f.status ?? null,
      f.after?.tableId ?? null,
      f.after?.roundId ?? null,
      f.limit,
    ],
  );
  return rows.map((r) => ({
    tableId: r.table_id,
    roundId: r.round_id,
    game: r.game,
    currency: r.currency,
    status: r.status,
    attention: r.status === 'disputed' ? 'disputed' : 'stuck',
    problem: r.problem,
    openedAt: new Date(r.opened_at).toISOString(),
    closedAt: r.closed_at ? new Date(r.closed_at).toISOString() : null,
    betCount: r.bet_count,
    totalStaked: String(r.total_staked),
  }));
}

/** A round as an intervention finds it, locked like settlement locks it (FOR NO KEY UPDATE). */
export interface LockedForIntervention {
  game: Game;
  status: RoundStatus;
  problem: string | null;
  stuck: boolean;
}

export async function lockForIntervention(
  sql: Sql,
  tableId: string,
  roundId: string,
  stuckSeconds: number,
): Promise<LockedForIntervention | undefined> {
  const [row] = await sql.rows<LockedForIntervention>(
    `SELECT r.game, r.status, r.problem,
       (r.status IN ('open', 'closed') AND ${SINCE} < now() - make_interval(secs => $3)) AS stuck
     FROM ledger_rounds r WHERE r.table_id = $1 AND r.round_id = $2 FOR NO KEY UPDATE`,
    [tableId, roundId, stuckSeconds],
  );
  return row;
}

export async function roundProblem(sql: Sql, tableId: string, roundId: string): Promise<string | null> {
  const [row] = await sql.rows<{ problem: string | null }>(
    `SELECT problem FROM ledger_rounds WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId],
  );
  return row?.problem ?? null;
}

export interface InterventionRecord {
  id: string;
  tableId: string;
  roundId: string;
  action: 'void' | 'resubmit';
  actor: string;
  reason: string;
  statusBefore: RoundStatus;
  statusAfter: RoundStatus;
  problemBefore: string | null;
  result?: unknown;
}

/** The audit row of an intervention, written in its transaction; returns when it was recorded. */
export async function recordIntervention(sql: Sql, i: InterventionRecord): Promise<string> {
  const [row] = await sql.rows<{ at: Date }>(
    `INSERT INTO ledger_round_interventions
       (id, table_id, round_id, action, actor, reason, status_before, status_after, problem_before, result)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb) RETURNING at`,
    [
      i.id,
      i.tableId,
      i.roundId,
      i.action,
      i.actor,
      i.reason,
      i.statusBefore,
      i.statusAfter,
      i.problemBefore,
      i.result === undefined ? null : toJson(i.result),
    ],
  );
  return new Date(row.at).toISOString();
}

export interface InterventionView extends Omit<InterventionRecord, 'result'> {
  result: unknown;
  at: string;
}

/** A round's interventions, oldest first. */
export async function roundInterventions(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<InterventionView[]> {
  const rows = await sql.rows<{
    id: string;
    action: 'void' | 'resubmit';
    actor: string;
    reason: string;
    status_before: RoundStatus;
    status_after: RoundStatus;
    problem_before: string | null;
    result: unknown;
    at: Date;
  }>(
    `SELECT id, action, actor, reason, status_before, status_after, problem_before, result, at
     FROM ledger_round_interventions WHERE table_id = $1 AND round_id = $2 ORDER BY at, id`,
    [tableId, roundId],
  );
  return rows.map((r) => ({
    id: r.id,
    tableId,
    roundId,
    action: r.action,
    actor: r.actor,
    reason: r.reason,
    statusBefore: r.status_before,
    statusAfter: r.status_after,
    problemBefore: r.problem_before,
    result: r.result,
    at: new Date(r.at).toISOString(),
  }));
}

/** The id of the round's RoundResult parked in the quarantine, if one is (its result is known, not applied). */
export async function parkedResultOf(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<string | undefined> {
  const [row] = await sql.rows<{ id: string }>(
    `SELECT id::text AS id FROM ledger_quarantined_events
      WHERE status = 'parked' AND event_type = 'RoundResult' AND table_id = $1 AND round_id = $2
      ORDER BY id LIMIT 1`,
    [tableId, roundId],
  );
  return row?.id;
}
