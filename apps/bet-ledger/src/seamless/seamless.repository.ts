import { PlaceBetEvent } from '@casino/events';
import { Sql } from '@casino/wallet';

/** A recorded bet of a seamless operator's player, as the worker claims it. */
export interface SeamlessBetRow {
  command_id: string;
  operator_id: string;
  state: 'debiting';
  command: unknown;
  debit_tx: string;
  attempts: number;
  /** Version 2: the debit call its stake is taken in with the other bets of its slip; null for version 1. */
  call_tx: string | null;
}

/** A credit or rollback the platform owes an operator's wallet. */
export interface SeamlessCallRow {
  transaction_id: string;
  operator_id: string;
  command_id: string;
  call: 'credit' | 'rollback';
  body: Record<string, string>;
  amount: string;
  attempts: number;
  /** Whether it has been retried longer than the retry window. */
  expired: boolean;
  /** The protocol version it was queued for (a v2 body is a StoredV2Call). */
  protocol: 1 | 2;
  /** When it was queued, Unix milliseconds as text (a v2 call's round-details link expires from it). */
  created_ms: string;
}

/**
 * Claims up to `limit` due bets of an operator for `leaseMs`: another instance (or this one after a crash) takes
 * a claimed bet again only once its lease ran out, and the calls it then repeats are idempotent at the operator.
 */
export async function claimDueBets(
  sql: Sql,
  operatorId: string,
  limit: number,
  leaseMs: number,
): Promise<SeamlessBetRow[]> {
  return sql.rows<SeamlessBetRow>(
    `UPDATE ledger_seamless_bets s SET next_attempt_at = now() + $3 * interval '1 millisecond',
         attempts = s.attempts + 1, updated_at = now()
     WHERE s.command_id IN (
       SELECT command_id FROM ledger_seamless_bets
       WHERE operator_id = $1 AND state = 'debiting' AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING s.command_id, s.operator_id, s.state, s.command, s.debit_tx, s.attempts, s.call_tx`,
    [operatorId, limit, leaseMs],
  );
}

/** Ends the claims on bets not started (a worker shutting down), so the next worker takes them at once. */
export async function releaseBets(sql: Sql, commandIds: readonly string[]): Promise<void> {
  await sql.rows(
    `UPDATE ledger_seamless_bets SET next_attempt_at = now() WHERE command_id = ANY($1::text[]) AND state = 'debiting'`,
    [commandIds],
  );
}

/** Claims up to `limit` due credits and rollbacks of an operator for `leaseMs` (see claimDueBets). */
export async function claimDueCalls(
  sql: Sql,
  operatorId: string,
  limit: number,
  leaseMs: number,
  retryHours: number,
): Promise<SeamlessCallRow[]> {
  return sql.rows<SeamlessCallRow>(
    `UPDATE ledger_seamless_calls c SET next_attempt_at = now() + $3 * interval '1 millisecond',
         attempts = c.attempts + 1
     WHERE c.transaction_id IN (
       SELECT transaction_id FROM ledger_seamless_calls
       WHERE operator_id = $1 AND state = 'pending' AND next_attempt_at <= now()
       ORDER BY next_attempt_at LIMIT $2 FOR UPDATE SKIP LOCKED)
     RETURNING c.transaction_id, c.operator_id, c.command_id, c.call, c.body, c.amount::text AS amount,
       c.attempts, c.created_at < now() - $4 * interval '1 hour' AS expired, c.protocol,
       (extract(epoch FROM c.created_at) * 1000)::bigint::text AS created_ms`,
    [operatorId, limit, leaseMs, retryHours],
  );
}

/**
 * Queues the credit of each bet the CTE `done` selects (columns command_id, operator_id, player_id, currency,
 * round_id, debit_tx, amount, kind, promotion_id; its rows locked) and moves it to `paid_out` in the same
 * statement, so each bet gets one credit. A free bet's credit names its promotion (the operator's grant id) instead
 * of a debit (docs/operator-integration.md#free-bets). `recursive`: a CTE `done` depends on, placed first.
 */
const queueCreditsSql = (done: string, recursive = '') => `
  WITH RECURSIVE ${recursive ? `${recursive},` : ''} done AS (${done}),
  queued AS (
    INSERT INTO ledger_seamless_calls (transaction_id, operator_id, command_id, call, body, amount)
    SELECT 'credit:' || command_id, operator_id, command_id, 'credit',
      jsonb_strip_nulls(jsonb_build_object('transactionId', 'credit:' || command_id, 'playerId', player_id,
        'currency', currency, 'amount', amount::text, 'kind', kind,
        'debitTransactionId', CASE WHEN promotion_id IS NULL THEN debit_tx END, 'promotionId', promotion_id,
        'roundId', round_id, 'betId', command_id)),
      amount
    FROM done ON CONFLICT (transaction_id) DO NOTHING)
  UPDATE ledger_seamless_bets s SET state = 'paid_out', updated_at = now()
  FROM done WHERE s.command_id = done.command_id
  RETURNING s.command_id`;

/**
 * The rounds of the operator's accepted bets whose settlement is booked. The distinct rounds are read by skipping
 * through the accepted bets' index, one probe per round, so a scan costs the number of rounds with bets in play,
 * not the number of bets: at a busy operator tens of thousands of accepted bets wait for their rounds.
 */
const SETTLED_ROUNDS = `
  rounds AS (
    (SELECT table_id, round_id FROM ledger_seamless_bets WHERE operator_id = $1 AND state = 'accepted'
     ORDER BY table_id, round_id LIMIT 1)
    UNION ALL
    SELECT n.table_id, n.round_id FROM rounds r CROSS JOIN LATERAL (
      SELECT table_id, round_id FROM ledger_seamless_bets
      WHERE operator_id = $1 AND state = 'accepted' AND (table_id, round_id) > (r.table_id, r.round_id)
      ORDER BY table_id, round_id LIMIT 1) n),
  settled AS (
    SELECT r.table_id, r.round_id FROM rounds r
    JOIN ledger_round_settlements rs ON rs.table_id = r.table_id AND rs.round_id = r.round_id)`;

/**
 * Queues the credit of every accepted seamless bet of the operator whose round's settlement is booked: what it
 * returned (0 for a loss, the stake for a void round's refund), or the stake if it was cancelled and its refund
 * not queued at the cancel (queueCancelRefunds). The settlement committed first, so the amount is exactly
 * what landed in the player's platform wallet. Returns how many were queued.
 */
export async function queueFinishedCredits(sql: Sql, operatorId: string, limit: number): Promise<number> {
  const rows = await sql.rows<{ command_id: string }>(
    queueCreditsSql(
      `SELECT s.command_id, s.operator_id, s.player_id, s.currency, s.round_id, s.debit_tx,
         (CASE WHEN s.free_bet_id IS NOT NULL THEN coalesce(fu.winnings, 0)
               WHEN b.cancelled_at IS NOT NULL THEN s.stake ELSE u.returned END) AS amount,
         (CASE WHEN b.cancelled_at IS NOT NULL OR rs.kind = 'refunded' OR u.outcome = 'refund' THEN 'refund'
               WHEN u.outcome = 'push' THEN 'push' ELSE 'win' END) AS kind,
         fb.grant_id AS promotion_id
       FROM settled e
       JOIN ledger_seamless_bets s ON s.operator_id = $1 AND s.state = 'accepted'
         AND s.table_id = e.table_id AND s.round_id = e.round_id AND s.call_tx IS NULL
       JOIN ledger_bets b ON b.command_id = s.command_id
       JOIN ledger_round_settlements rs ON rs.table_id = s.table_id AND rs.round_id = s.round_id
       LEFT JOIN LATERAL (
         SELECT x.returned, x.outcome FROM unnest(rs.bet_ids, rs.returned, rs.outcomes) AS x(bet_id, returned, outcome)
         WHERE x.bet_id = b.bet_id) u ON true
       LEFT JOIN ledger_free_bets fb ON fb.free_bet_id = s.free_bet_id
       LEFT JOIN ledger_free_bet_uses fu ON fu.bet_id = b.bet_id AND fu.status = 'settled'
       WHERE b.cancelled_at IS NOT NULL OR u.returned IS NOT NULL
       ORDER BY s.created_at LIMIT $2
       FOR UPDATE OF s SKIP LOCKED`,
      SETTLED_ROUNDS,
    ),
    [operatorId, limit],
  );
  return rows.length;
}

/**
 * In the transaction that cancels bets: queues the refund of the stake of each cancelled bet that is an accepted
 * seamless bet (by PlaceBet command id; a free bet's is 0 with its promotion id: its stake went back to the
 * promotion book), so that the refund leaves at once and no scan has to look for cancelled
 * bets among all the bets in play. Returns how many were queued.
 */
export async function queueCancelRefunds(sql: Sql, betCommandIds: readonly string[]): Promise<number> {
  const rows = await sql.rows<{ command_id: string }>(
    queueCreditsSql(
      `SELECT s.command_id, s.operator_id, s.player_id, s.currency, s.round_id, s.debit_tx,
         (CASE WHEN s.free_bet_id IS NULL THEN s.stake ELSE 0 END) AS amount, 'refund' AS kind,
         fb.grant_id AS promotion_id
       FROM ledger_seamless_bets s LEFT JOIN ledger_free_bets fb ON fb.free_bet_id = s.free_bet_id
       -- a version 2 bet's refund waits for its round's closing credit (queueFinishedCreditsV2)
       WHERE s.command_id = ANY($1::text[]) AND s.state = 'accepted' AND s.call_tx IS NULL
       ORDER BY s.command_id FOR UPDATE OF s`,
    ),
    [betCommandIds],
  );
  return rows.length;
}

/** Queues a credit or rollback (idempotent by transaction id). */
export async function queueCall(
  sql: Sql,
  call: {
    transactionId: string;
    operatorId: string;
    commandId: string;
    call: 'credit' | 'rollback';
    body: Record<string, string> | object;
    amount: bigint;
    protocol?: 1 | 2;
  },
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_seamless_calls (transaction_id, operator_id, command_id, call, body, amount, protocol)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (transaction_id) DO NOTHING`,
    [
      call.transactionId,
      call.operatorId,
      call.commandId,
      call.call,
      call.body,
      call.amount.toString(),
      call.protocol ?? 1,
    ],
  );
}

/** Moves a bet on, if it is still in the state the caller saw (a lost lease's late worker changes nothing). */
export async function moveBet(
  sql: Sql,
  commandId: string,
  from: string,
  to: string,
  extra: { rejectCode?: string; lastError?: string } = {},
): Promise<boolean> {
  const rows = await sql.rows(
    `UPDATE ledger_seamless_bets SET state = $3, reject_code = coalesce($4, reject_code),
         last_error = coalesce($5, last_error), next_attempt_at = now(), updated_at = now()
     WHERE command_id = $1 AND state = $2 RETURNING 1`,
    [commandId, from, to, extra.rejectCode ?? null, extra.lastError ?? null],
  );
  return rows.length > 0;
}

/**
 * The operators with anything to do: seamless ones, and any other with work left from its seamless days. Each
 * branch matches a partial index's predicate, so finished bets and calls are never scanned.
 */
export async function operatorsWithWork(sql: Sql): Promise<string[]> {
  const rows = await sql.rows<{ operator_id: string }>(
    `SELECT operator_id FROM ledger_operators WHERE wallet_mode = 'seamless'
     UNION SELECT DISTINCT operator_id FROM ledger_seamless_calls WHERE state = 'pending'
     UNION SELECT DISTINCT operator_id FROM ledger_seamless_bets WHERE state = 'debiting'
     UNION SELECT DISTINCT operator_id FROM ledger_seamless_bets WHERE state = 'accepted'`,
  );
  return rows.map((r) => r.operator_id);
}

/**
 * Whether a seamless bet may use a free bet (docs/ledger.md#free-bets): one of its player's grants with bets left
 * at its game (and table), of exactly its stake, not a blackjack additional stake. One indexed statement, unlocked
 * (ledger_free_bets_player): the decision locks the wallet and the grants and decides for sure.
 */
export async function hasUsableFreeBet(sql: Sql, cmd: PlaceBetEvent): Promise<boolean> {
  if (cmd.bet.game === 'blackjack' && cmd.bet.kind !== 'main') return false;
  const rows = await sql.rows(
    `SELECT 1 FROM ledger_free_bets WHERE operator_id = $1 AND player_id = $2 AND currency = $3 AND used < count
       AND expires_at > now() AND game = $4 AND (table_id IS NULL OR table_id = $5) AND stake = $6 LIMIT 1`,
    [cmd.operatorId, cmd.playerId, cmd.currency, cmd.game, cmd.tableId, cmd.stake.toString()],
  );
  return rows.length > 0;
}

/** Locks a bet still being debited; false when another pass has moved it on. */
export async function lockDebitingBet(sql: Sql, commandId: string): Promise<boolean> {
  const rows = await sql.rows(
    `SELECT 1 FROM ledger_seamless_bets WHERE command_id = $1 AND state = 'debiting' FOR UPDATE`,
    [commandId],
  );
  return rows.length > 0;
}

/** A free bet's decision: accepted naming the free bet its bet used, or rejected (no bet id). */
export async function recordFreeBetDecision(
  sql: Sql,
  commandId: string,
  betId: string | null,
): Promise<void> {
  await sql.rows(
    `UPDATE ledger_seamless_bets SET state = CASE WHEN $2::text IS NULL THEN 'rejected' ELSE 'accepted' END,
       reject_code = CASE WHEN $2::text IS NULL THEN 'DECISION' END,
       free_bet_id = (SELECT free_bet_id FROM ledger_free_bet_uses WHERE bet_id = $2::text),
       next_attempt_at = now(), updated_at = now()
     WHERE command_id = $1`,
    [commandId, betId],
  );
}
