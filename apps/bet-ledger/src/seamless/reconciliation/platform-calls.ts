import { Sql } from '@casino/wallet';

/** The state of one call as the platform sees it (the reconciliation report's and statement check's status). */
export type CallState = 'confirmed' | 'retrying' | 'failed' | 'refused' | 'rolled_back' | 'manual';

export interface PlatformCall {
  transactionId: string;
  type: 'debit' | 'credit' | 'rollback';
  playerId: string;
  /** Minor units; 0 for a rollback (the platform cannot know whether its debit ever moved money). */
  amount: bigint;
  currency: string;
  state: CallState;
  /** The operator's refusal code or the last error, if any. */
  detail: string | null;
  createdAt: string;
}

/**
 * Every debit, credit and rollback the platform made or owes to `operatorId` on one UTC day (by when it was first
 * queued): debits from ledger_seamless_bets (a bet refused before its debit never called the operator and is left
 * out), credits and rollbacks from ledger_seamless_calls.
 */
export async function platformCalls(sql: Sql, operatorId: string, date: string): Promise<PlatformCall[]> {
  const rows = await sql.rows<{
    transaction_id: string;
    type: PlatformCall['type'];
    player_id: string;
    amount: string;
    currency: string;
    state: CallState;
    detail: string | null;
    created_at: string;
  }>(
    `SELECT coalesce(s.call_tx, s.debit_tx) AS transaction_id, 'debit' AS type, s.player_id, s.stake::text AS amount, s.currency,
       CASE WHEN s.state IN ('funded', 'accepted', 'paid_out') OR e.id IS NOT NULL THEN 'confirmed'
            WHEN rb.state IN ('confirmed', 'manual') THEN 'rolled_back'
            WHEN s.state IN ('debiting', 'rolling_back') THEN 'retrying'
            ELSE 'refused' END AS state,
       coalesce(s.reject_code, s.last_error) AS detail, to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS created_at
     FROM ledger_seamless_bets s
     LEFT JOIN wallet_entries e ON e.idempotency_key = 'seamless:' || s.debit_tx
     LEFT JOIN ledger_seamless_calls rb ON rb.transaction_id = 'rollback:' || coalesce(s.call_tx, s.command_id)
     WHERE s.operator_id = $1 AND s.created_at >= $2::date AND s.created_at < $2::date + 1
       -- a free bet is never debited: its one call is its credit
       AND s.free_bet_id IS NULL
       -- refused before the debit: the reject code is the decision's own, and no debit entry or rollback exists
       AND NOT (s.state = 'rejected' AND e.id IS NULL AND rb.transaction_id IS NULL
                AND s.reject_code IN ('ROUND_UNKNOWN', 'LATE_BET', 'ROUND_NOT_IN_PLAY'))
     UNION ALL
     SELECT c.transaction_id, c.call, c.body->>'playerId', c.amount::text, c.body->>'currency',
       CASE c.state WHEN 'pending' THEN 'retrying' ELSE c.state END,
       coalesce(c.refusal_code, c.last_error), to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
     FROM ledger_seamless_calls c
     WHERE c.operator_id = $1 AND c.created_at >= $2::date AND c.created_at < $2::date + 1
     ORDER BY 8, 1`,
    [operatorId, date],
  );
  return mergeV2Debits(
    rows.map((r) => ({
      transactionId: r.transaction_id,
      type: r.type,
      playerId: r.player_id,
      amount: BigInt(r.amount),
      currency: r.currency,
      state: r.state,
      detail: r.detail,
      createdAt: r.created_at,
    })),
  );
}

/**
 * A version 2 debit is one call for several bets (one row each above, under the call's transaction id): one call
 * of their sum. A bet of the call refused before the debit never reached the operator and adds nothing.
 */
function mergeV2Debits(calls: PlatformCall[]): PlatformCall[] {
  const out: PlatformCall[] = [];
  const debits = new Map<string, PlatformCall>();
  for (const c of calls) {
    const seen = c.type === 'debit' ? debits.get(c.transactionId) : undefined;
    if (!seen) {
      if (c.type === 'debit') debits.set(c.transactionId, c);
      out.push(c);
    } else if (seen.state === 'refused' && c.state !== 'refused') {
      // The bets the call carried decide its state; a bet refused before it was never in it.
      Object.assign(seen, { amount: c.amount, state: c.state, detail: c.detail });
    } else if (c.state !== 'refused' || seen.state === 'refused') seen.amount += c.amount;
  }
  return out;
}
