import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RecordedSession } from '../session-proofs/session-proof';

/** A round the player bet in, as listed (sort key `at`: the player's first bet in it). */
export interface PlayedRoundRow {
  table_id: string;
  round_id: string;
  at_text: string;
  game: string;
  currency: string;
  status: string;
  result: unknown;
  void_reason: string | null;
  shoe_id: string | null;
  shoe_hash: string | null;
  opened_at: Date;
  closed_at: Date | null;
  finished_at: Date | null;
}

export interface PlayerBetRow {
  table_id: string;
  round_id: string;
  bet_id: string;
  stake: string;
  spec: Record<string, unknown>;
  accepted_at: Date;
  cancelled_at: Date | null;
  kind: string | null;
  returned: string | null;
  outcome: string | null;
}

export interface ShoeRevealRow {
  commitment: unknown;
  reveal: { order: string[]; salt: string };
  rounds_dealt: number;
  problem_code: string | null;
  revealed_at: Date;
}

const ROUND_COLUMNS = `r.game, r.currency, r.status, r.result, r.void_reason, r.shoe_id, r.shoe_hash, r.opened_at,
  r.closed_at, r.finished_at`;

/** The player's history and round details: every query is scoped to one (operator, player). */
@Injectable()
export class PlayerHistoryRepository {
  constructor(private readonly ds: DataSource) {}

  /** The launch session a player token names. */
  async session(sessionId: string): Promise<RecordedSession | undefined> {
    const [r] = (await this.ds.query(
      `SELECT session_id, operator_id, player_id, created_at, expires_at, revoked_at, time_limit_minutes
         FROM ledger_player_sessions WHERE session_id = $1`,
      [sessionId],
    )) as {
      session_id: string;
      operator_id: string;
      player_id: string;
      created_at: Date;
      expires_at: Date;
      revoked_at: Date | null;
      time_limit_minutes: number | null;
    }[];
    return r
      ? {
          sessionId: r.session_id,
          operatorId: r.operator_id,
          playerId: r.player_id,
          createdAt: new Date(r.created_at),
          expiresAt: new Date(r.expires_at),
          revokedAt: r.revoked_at === null ? null : new Date(r.revoked_at),
          timeLimitMinutes: r.time_limit_minutes,
        }
      : undefined;
  }

  /**
   * The rounds the player bet in, newest first (by their first bet in the round, which ledger_bets_player_idx
   * serves), `limit` of them after the cursor (at, table, round).
   */
  async playedRounds(
    operatorId: string,
    playerId: string,
    game: string | null,
    limit: number,
    before: [string, string, string] | null,
  ): Promise<PlayedRoundRow[]> {
    return (await this.ds.query(
      `WITH mine AS (
         SELECT b.table_id, b.round_id, min(b.accepted_at) AS at FROM ledger_bets b
          WHERE b.operator_id = $1 AND b.player_id = $2 AND ($3::text IS NULL OR b.game = $3)
          GROUP BY b.table_id, b.round_id)
       SELECT m.table_id, m.round_id, m.at::text AS at_text, ${ROUND_COLUMNS}
         FROM mine m JOIN ledger_rounds r ON r.table_id = m.table_id AND r.round_id = m.round_id
        WHERE $4::timestamptz IS NULL OR (m.at, m.table_id, m.round_id) < ($4::timestamptz, $5::text, $6::text)
        ORDER BY m.at DESC, m.table_id DESC, m.round_id DESC LIMIT $7`,
      [operatorId, playerId, game, before?.[0] ?? null, before?.[1] ?? null, before?.[2] ?? null, limit],
    )) as PlayedRoundRow[];
  }

  /** One round, whoever bet in it (the caller checks the player did). */
  async round(tableId: string, roundId: string): Promise<PlayedRoundRow | undefined> {
    const [row] = (await this.ds.query(
      `SELECT r.table_id, r.round_id, r.opened_at::text AS at_text, ${ROUND_COLUMNS}
         FROM ledger_rounds r WHERE r.table_id = $1 AND r.round_id = $2`,
      [tableId, roundId],
    )) as PlayedRoundRow[];
    return row;
  }

  /** The player's bets in the given rounds, with how each ended (the round's settlement row). */
  async betsIn(
    operatorId: string,
    playerId: string,
    rounds: readonly { tableId: string; roundId: string }[],
  ): Promise<PlayerBetRow[]> {
    if (rounds.length === 0) return [];
    return (await this.ds.query(
      `SELECT b.table_id, b.round_id, b.bet_id, b.stake::text AS stake, b.spec, b.accepted_at, b.cancelled_at,
              o.kind, o.returned::text AS returned, o.outcome
         FROM ledger_bets b
         JOIN unnest($3::text[], $4::text[]) AS w(table_id, round_id)
           ON w.table_id = b.table_id AND w.round_id = b.round_id
         LEFT JOIN LATERAL (
           SELECT s.kind, u.returned, u.outcome FROM ledger_round_settlements s,
                  unnest(s.bet_ids, s.returned, s.outcomes) AS u(bet_id, returned, outcome)
            WHERE s.table_id = b.table_id AND s.round_id = b.round_id AND u.bet_id = b.bet_id) o ON true
        WHERE b.operator_id = $1 AND b.player_id = $2
        ORDER BY b.accepted_at, b.bet_id`,
      [operatorId, playerId, rounds.map((r) => r.tableId), rounds.map((r) => r.roundId)],
    )) as PlayerBetRow[];
  }

  /** The shoe's reveal, once the table revealed it (RNG and automatic shoes). */
  async shoeReveal(tableId: string, shoeId: string): Promise<ShoeRevealRow | undefined> {
    const [row] = (await this.ds.query(
      `SELECT commitment, reveal, rounds_dealt, problem_code, revealed_at FROM ledger_shoe_reveals
        WHERE table_id = $1 AND shoe_id = $2`,
      [tableId, shoeId],
    )) as ShoeRevealRow[];
    return row;
  }
}
