import { Sql } from '@casino/wallet';
import { MAX_LEDGER_AMOUNT } from '../operators/operator-account';
import { BetOutcome } from './round-book';
import { RoundView } from './round-view';

/** Why a payout was held: the wallet cannot hold it (its balance plus the credit is beyond 2^63 − 1). */
export const HELD_PAYOUT_CODE = 'BALANCE_OVERFLOW';

/**
 * The player wallets (account ids) that cannot take what this round pays them: the balance plus the round's
 * credit would pass 2^63 − 1, which PostgreSQL refuses (AMOUNT_OUT_OF_RANGE) and which would fail the whole
 * settlement. Read without a lock: a deposit that slips in before the posting fails the transaction, and its retry
 * sees it here. The balance ceiling keeps this from happening to wallets funded through the ledger's own routes.
 */
export async function walletsThatCannotTake(sql: Sql, paired: readonly BetOutcome[]): Promise<Set<string>> {
  const credits = new Map<string, bigint>();
  for (const { bet, item } of paired)
    if (item.returned > 0n) credits.set(bet.accountId, (credits.get(bet.accountId) ?? 0n) + item.returned);
  if (credits.size === 0) return new Set();
  const rows = await sql.rows<{ id: string }>(
    `SELECT u.id::text AS id FROM unnest($1::bigint[], $2::numeric[]) AS u(id, credit)
       JOIN wallet_accounts a ON a.id = u.id
      WHERE a.balance::numeric + u.credit > $3::numeric`,
    [[...credits.keys()], [...credits.values()].map(String), MAX_LEDGER_AMOUNT.toString()],
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * Records the payouts a settlement booked to the operator's funding account instead of the player's wallet, one
 * row per bet, for the back office (GET /back-office/held-payouts).
 */
export async function recordHeldPayouts(
  sql: Sql,
  round: RoundView,
  held: readonly BetOutcome[],
  message: string,
): Promise<void> {
  if (held.length === 0) return;
  await sql.rows(
    `INSERT INTO ledger_held_payouts
       (bet_id, table_id, round_id, operator_id, player_id, currency, account_id, amount, code, message)
     SELECT u.bet_id, $1, $2, u.operator_id, u.player_id, $3, u.account_id, u.amount, $4, $5
       FROM unnest($6::text[], $7::text[], $8::text[], $9::bigint[], $10::bigint[])
            AS u(bet_id, operator_id, player_id, account_id, amount)`,
    [
      round.tableId,
      round.roundId,
      round.currency,
      HELD_PAYOUT_CODE,
      message,
      held.map((h) => h.bet.betId),
      held.map((h) => h.bet.operatorId),
      held.map((h) => h.bet.playerId),
      held.map((h) => h.bet.accountId),
      held.map((h) => h.item.returned.toString()),
    ],
  );
}

export interface HeldPayoutView {
  betId: string;
  tableId: string;
  roundId: string;
  operatorId: string;
  playerId: string;
  currency: string;
  amount: string;
  code: string;
  message: string;
  heldAt: string;
}

/** The held payouts, newest first (an operator's staff see their operator's only). */
export async function listHeldPayouts(sql: Sql, operatorId: string | null): Promise<HeldPayoutView[]> {
  const rows = await sql.rows<{
    bet_id: string;
    table_id: string;
    round_id: string;
    operator_id: string;
    player_id: string;
    currency: string;
    amount: string;
    code: string;
    message: string;
    held_at: Date;
  }>(
    `SELECT bet_id, table_id, round_id, operator_id, player_id, currency, amount::text AS amount, code, message,
            held_at
       FROM ledger_held_payouts WHERE ($1::text IS NULL OR operator_id = $1)
      ORDER BY held_at DESC, bet_id LIMIT 1000`,
    [operatorId],
  );
  return rows.map((r) => ({
    betId: r.bet_id,
    tableId: r.table_id,
    roundId: r.round_id,
    operatorId: r.operator_id,
    playerId: r.player_id,
    currency: r.currency,
    amount: r.amount,
    code: r.code,
    message: r.message,
    heldAt: new Date(r.held_at).toISOString(),
  }));
}
