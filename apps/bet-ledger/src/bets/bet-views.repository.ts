import { Sql } from '@casino/wallet';

// The read side's rows (use-cases/queries): balances, a player's bets and movements, a round with its bets.

/** A bet as the views read it, with how it ended. */
export type RawBetView = {
  bet_id: string;
  command_id: string;
  table_id: string;
  round_id: string;
  game: string;
  player_id: string;
  operator_id: string;
  currency: string;
  stake: string;
  spec: Record<string, unknown>;
  accepted_at: Date;
  cancelled_at: Date | null;
  kind: string | null;
  returned: string | null;
  outcome: string | null;
};

/** A bet with how it ended: its round's settlement row, unnested (one row per round, arrays per bet). */
const BET_VIEW = `SELECT b.bet_id, b.command_id, b.table_id, b.round_id, b.game, b.player_id, b.operator_id, b.currency,
  b.stake, b.spec, b.accepted_at, b.cancelled_at, o.kind, o.returned, o.outcome
  FROM ledger_bets b LEFT JOIN LATERAL (
    SELECT s.kind, u.returned, u.outcome FROM ledger_round_settlements s,
      unnest(s.bet_ids, s.returned, s.outcomes) AS u(bet_id, returned, outcome)
    WHERE s.table_id = b.table_id AND s.round_id = b.round_id AND u.bet_id = b.bet_id) o ON true`;

/** A player's cash and bonus balances per currency (bonus null where the player never had one). */
export function playerBalanceRows(
  sql: Sql,
  operatorId: string,
  playerId: string,
): Promise<{ currency: string; balance: string; bonus: string | null }[]> {
  // Cash and bonus apart (docs/ledger.md#bonus-funds): a currency with only a bonus shows a cash balance of 0.
  return sql.rows(
    `SELECT currency, coalesce(sum(balance) FILTER (WHERE kind = 'player'), 0)::text AS balance,
       (sum(balance) FILTER (WHERE kind = 'bonus'))::text AS bonus
     FROM wallet_accounts WHERE kind IN ('player', 'bonus') AND operator_id = $1 AND player_id = $2
     GROUP BY currency ORDER BY currency`,
    [operatorId, playerId],
  );
}

/** The wagering progress of the player's active bonuses (one per currency). */
export function activeBonusProgress(
  sql: Sql,
  operatorId: string,
  playerId: string,
): Promise<{ currency: string; wagered: string; requirement: string; expires_at: Date }[]> {
  return sql.rows(
    `SELECT currency, wagered::text, requirement::text, expires_at FROM ledger_bonuses
     WHERE operator_id = $1 AND player_id = $2 AND status = 'active' AND expires_at > now()`,
    [operatorId, playerId],
  );
}

/** A player's latest bets, newest first. */
export function latestBetsOfPlayer(
  sql: Sql,
  operatorId: string,
  playerId: string,
  limit: number,
): Promise<RawBetView[]> {
  return sql.rows<RawBetView>(
    `${BET_VIEW} WHERE b.operator_id = $1 AND b.player_id = $2 ORDER BY b.accepted_at DESC, b.bet_id LIMIT $3`,
    [operatorId, playerId, limit],
  );
}

/** `limit` of a player's bets older than `after` (acceptance time as text, bet id), newest first. */
export function betsOfPlayerBefore(
  sql: Sql,
  operatorId: string,
  playerId: string,
  limit: number,
  after?: readonly string[],
): Promise<(RawBetView & { at_text: string })[]> {
  return sql.rows(
    `SELECT v.*, v.accepted_at::text AS at_text FROM (${BET_VIEW}
       WHERE b.operator_id = $1 AND b.player_id = $2
         AND ($4::timestamptz IS NULL OR (b.accepted_at, b.bet_id) < ($4::timestamptz, $5::text))) v
     ORDER BY v.accepted_at DESC, v.bet_id DESC LIMIT $3`,
    [operatorId, playerId, limit, after?.[0] ?? null, after?.[1] ?? null],
  );
}

/** `limit` of a player's wallet postings (every currency) before posting id `before`, newest first. */
export function playerMovements(
  sql: Sql,
  operatorId: string,
  playerId: string,
  limit: number,
  before?: string,
): Promise<
  { id: string; kind: string; reference: string | null; currency: string; amount: string; created_at: Date }[]
> {
  return sql.rows(
    `SELECT p.id::text AS id, e.kind, e.reference, e.currency, p.amount::text AS amount, e.created_at
     FROM wallet_accounts a JOIN wallet_postings p ON p.account_id = a.id JOIN wallet_entries e ON e.id = p.entry_id
     WHERE a.kind = 'player' AND a.operator_id = $1 AND a.player_id = $2 AND ($4::bigint IS NULL OR p.id < $4::bigint)
     ORDER BY p.id DESC LIMIT $3`,
    [operatorId, playerId, limit, before ?? null],
  );
}

/** A round's row with the sum of what its settlement returned. */
export interface RoundViewRow {
  table_id: string;
  round_id: string;
  game: string;
  currency: string;
  status: string;
  config: Record<string, unknown>;
  shoe_id: string | null;
  /** Announced with the shoe: set whenever shoe_id is. */
  shoe_hash: string;
  result: Record<string, unknown> | null;
  void_reason: string | null;
  problem: string | null;
  opened_at: Date;
  closed_at: Date | null;
  finished_at: Date | null;
  bet_count: number;
  total_staked: string;
  total_returned: string;
}

export async function roundViewRow(
  sql: Sql,
  tableId: string,
  roundId: string,
): Promise<RoundViewRow | undefined> {
  const [round] = await sql.rows<RoundViewRow>(
    `SELECT r.*, (SELECT coalesce(sum(u.v), 0) FROM ledger_round_settlements s, unnest(s.returned) AS u(v)
                  WHERE s.table_id = r.table_id AND s.round_id = r.round_id) AS total_returned
     FROM ledger_rounds r WHERE table_id = $1 AND round_id = $2`,
    [tableId, roundId],
  );
  return round;
}

/** Every bet of a round, in the order accepted. */
export function betsOfRound(sql: Sql, tableId: string, roundId: string): Promise<RawBetView[]> {
  return sql.rows<RawBetView>(
    `${BET_VIEW} WHERE b.table_id = $1 AND b.round_id = $2 ORDER BY b.accepted_at, b.bet_id`,
    [tableId, roundId],
  );
}
