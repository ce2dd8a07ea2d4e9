import { checkInvariant, InvariantCheck, Sql } from '@casino/wallet';

/**
 * The seamless wallet's invariants (ledger:verify): the money of a seamless operator's players lives at the
 * operator; the platform books each confirmed debit as a funding entry (the operator's funding account, the
 * float, to the player's platform wallet) and each confirmed credit as the way back, so a platform wallet holds
 * exactly what is in transit between the two (a free bet, never debited, has no funding entry: only its winnings
 * pass through). Every state change and its entry commit together, so the checks
 * hold at any snapshot, with the ledger running.
 */
export async function checkSeamlessInvariants(sql: Sql): Promise<InvariantCheck[]> {
  return [
    await checkInvariant(
      sql,
      'every funded seamless debit and every confirmed seamless credit has its one journal entry, and no other',
      `SELECT (SELECT count(*) FROM ledger_seamless_bets) + (SELECT count(*) FROM ledger_seamless_calls) AS n`,
      `SELECT s.command_id AS id FROM ledger_seamless_bets s
       LEFT JOIN wallet_entries e ON e.idempotency_key = 'seamless:' || s.debit_tx
       WHERE (s.free_bet_id IS NULL AND (s.state IN ('funded', 'accepted', 'paid_out')
              OR EXISTS (SELECT 1 FROM ledger_seamless_calls c WHERE c.transaction_id = 'credit:' || s.command_id)))
             <> (e.id IS NOT NULL)
       UNION ALL
       SELECT c.transaction_id FROM ledger_seamless_calls c
       LEFT JOIN wallet_entries e ON e.idempotency_key = 'seamless:' || c.transaction_id
       WHERE c.call = 'credit' AND (c.state IN ('confirmed', 'manual') AND c.amount > 0) <> (e.id IS NOT NULL)
       UNION ALL
       SELECT e.idempotency_key FROM wallet_entries e
       WHERE e.idempotency_key LIKE 'seamless:%' AND NOT EXISTS (
         SELECT 1 FROM ledger_seamless_bets s WHERE 'seamless:' || s.debit_tx = e.idempotency_key
         UNION ALL
         SELECT 1 FROM ledger_seamless_calls c WHERE 'seamless:' || c.transaction_id = e.idempotency_key)`,
    ),
    await checkInvariant(
      sql,
      "a seamless player's platform wallet holds exactly the money in transit (funded, returned, not yet credited)",
      `SELECT count(DISTINCT (operator_id, player_id, currency)) AS n FROM ledger_seamless_bets`,
      `WITH t AS (
         SELECT s.operator_id, s.player_id, s.currency,
           (CASE WHEN s.state = 'funded' THEN s.stake
                 -- a free bet was never funded: only its winnings reach the platform wallet
                 WHEN s.state = 'accepted' AND s.free_bet_id IS NOT NULL
                   THEN coalesce((SELECT x.winnings FROM ledger_free_bet_uses x
                                  WHERE x.bet_id = b.bet_id AND x.status = 'settled'), 0)
                 WHEN s.state = 'accepted'
                   THEN coalesce(CASE WHEN b.cancelled_at IS NOT NULL THEN s.stake END, u.returned, 0)
                 ELSE 0 END)
           + coalesce((SELECT sum(c.amount) FROM ledger_seamless_calls c
                       WHERE c.command_id = s.command_id AND c.call = 'credit' AND c.state NOT IN ('confirmed', 'manual')), 0)
             AS amount
         FROM ledger_seamless_bets s
         LEFT JOIN ledger_bets b ON b.command_id = s.command_id
         LEFT JOIN ledger_round_settlements rs ON rs.table_id = s.table_id AND rs.round_id = s.round_id
         LEFT JOIN LATERAL (
           SELECT x.returned FROM unnest(rs.bet_ids, rs.returned) AS x(bet_id, returned) WHERE x.bet_id = b.bet_id
         ) u ON true)
       SELECT a.key AS id
       FROM (SELECT operator_id, player_id, currency, sum(amount) AS s FROM t GROUP BY 1, 2, 3) w
       JOIN wallet_accounts a ON a.kind = 'player' AND a.operator_id = w.operator_id
         AND a.player_id = w.player_id AND a.currency = w.currency
       WHERE a.balance <> w.s`,
    ),
  ];
}
