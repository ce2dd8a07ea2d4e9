import { Sql } from '@casino/wallet';

/**
 * The rounds of the operator's accepted v2 bets whose settlement is booked, skipping through their own index one
 * probe per round (as seamless.repository's SETTLED_ROUNDS does for every accepted bet).
 */
const SETTLED_V2_ROUNDS = `
  rounds AS (
    (SELECT table_id, round_id FROM ledger_seamless_bets
     WHERE operator_id = $1 AND state = 'accepted' AND call_tx IS NOT NULL
     ORDER BY table_id, round_id LIMIT 1)
    UNION ALL
    SELECT n.table_id, n.round_id FROM rounds r CROSS JOIN LATERAL (
      SELECT table_id, round_id FROM ledger_seamless_bets
      WHERE operator_id = $1 AND state = 'accepted' AND call_tx IS NOT NULL
        AND (table_id, round_id) > (r.table_id, r.round_id)
      ORDER BY table_id, round_id LIMIT 1) n),
  settled AS (
    SELECT r.table_id, r.round_id FROM rounds r
    JOIN ledger_round_settlements rs ON rs.table_id = r.table_id AND rs.round_id = r.round_id)`;

/** A bet of a version 2 debit call still waiting for it. */
export interface GroupBetRow {
  command: unknown;
  debit_tx: string;
  /** When the bets were recorded, Unix milliseconds as text (the call's round-details link expires from it). */
  created_ms: string;
}

/**
 * The bets of a v2 debit call still `debiting`, in command id order: the call's bets. A bet leaves `debiting` only
 * with its whole call (or as a free bet, before any debit), so a retry finds the bets the first try sent.
 */
export async function debitGroup(sql: Sql, callTx: string): Promise<GroupBetRow[]> {
  return sql.rows<GroupBetRow>(
    `SELECT command, debit_tx, (extract(epoch FROM created_at) * 1000)::bigint::text AS created_ms
     FROM ledger_seamless_bets WHERE call_tx = $1 AND state = 'debiting' ORDER BY command_id`,
    [callTx],
  );
}

/**
 * The version 2 twin of queueFinishedCredits: every accepted v2 bet of the operator whose round's settlement is
 * booked is paid in ONE credit per player and round, `roundClosed: true`, its transaction id derived from the
 * operator, table, round and player, so no round is ever closed twice for a player. Each player's bets of a round
 * are locked and queued together (FOR UPDATE, in command id order, never SKIP LOCKED: a call must hold all of
 * them). A bet still accepted once its round's closing credit exists (one decided in a race with the round's end)
 * is paid in a credit of its own that does not close the round. Returns how many bets were queued.
 */
export async function queueFinishedCreditsV2(sql: Sql, operatorId: string): Promise<number> {
  const rows = await sql.rows<{ command_id: string }>(
    `WITH RECURSIVE ${SETTLED_V2_ROUNDS},
     done AS (
       SELECT s.command_id, s.operator_id, s.player_id, s.currency, s.table_id, s.round_id, s.call_tx, s.stake,
         s.command->'bet' AS bet, s.command->>'game' AS game,
         (CASE WHEN s.free_bet_id IS NOT NULL THEN coalesce(fu.winnings, 0)
               WHEN b.cancelled_at IS NOT NULL THEN s.stake ELSE u.returned END) AS amount,
         (CASE WHEN b.cancelled_at IS NOT NULL OR rs.kind = 'refunded' OR u.outcome = 'refund' THEN 'refund'
               WHEN u.outcome = 'push' THEN 'push' ELSE 'win' END) AS kind,
         fb.grant_id AS promotion_id
       FROM settled e
       JOIN ledger_seamless_bets s ON s.operator_id = $1 AND s.state = 'accepted'
         AND s.table_id = e.table_id AND s.round_id = e.round_id AND s.call_tx IS NOT NULL
       JOIN ledger_bets b ON b.command_id = s.command_id
       JOIN ledger_round_settlements rs ON rs.table_id = s.table_id AND rs.round_id = s.round_id
       LEFT JOIN LATERAL (
         SELECT x.returned, x.outcome FROM unnest(rs.bet_ids, rs.returned, rs.outcomes) AS x(bet_id, returned, outcome)
         WHERE x.bet_id = b.bet_id) u ON true
       LEFT JOIN ledger_free_bets fb ON fb.free_bet_id = s.free_bet_id
       LEFT JOIN ledger_free_bet_uses fu ON fu.bet_id = b.bet_id AND fu.status = 'settled'
       WHERE b.cancelled_at IS NOT NULL OR u.returned IS NOT NULL
       ORDER BY s.command_id
       FOR UPDATE OF s),
     grouped AS (
       SELECT operator_id, player_id, currency, table_id, round_id, min(game) AS game,
         'credits:' || md5(jsonb_build_array(operator_id, table_id, round_id, player_id)::text) AS closing_tx,
         min(command_id) AS command_id, sum(amount) AS amount,
         jsonb_agg(jsonb_strip_nulls(jsonb_build_object('betId', command_id, 'amount', amount::text, 'kind', kind,
           'debitTransactionId', CASE WHEN promotion_id IS NULL THEN call_tx END, 'promotionId', promotion_id,
           'bet', bet, 'stake', stake::text)) ORDER BY command_id) AS credits
       FROM done GROUP BY operator_id, player_id, currency, table_id, round_id),
     calls AS (
       SELECT g.*, x.transaction_id IS NULL AS closes,
         CASE WHEN x.transaction_id IS NULL THEN g.closing_tx ELSE 'credit:' || g.command_id END AS tx
       FROM grouped g LEFT JOIN ledger_seamless_calls x ON x.transaction_id = g.closing_tx),
     queued AS (
       INSERT INTO ledger_seamless_calls (transaction_id, operator_id, command_id, call, body, amount, protocol)
       SELECT tx, operator_id, command_id, 'credit',
         jsonb_build_object('transactionId', tx, 'playerId', player_id, 'currency', currency, 'game', game,
           'tableId', table_id, 'roundId', round_id, 'roundClosed', closes, 'credits', credits),
         amount, 2
       FROM calls ON CONFLICT (transaction_id) DO NOTHING)
     UPDATE ledger_seamless_bets s SET state = 'paid_out', updated_at = now()
     FROM done WHERE s.command_id = done.command_id
     RETURNING s.command_id`,
    [operatorId],
  );
  return rows.length;
}
