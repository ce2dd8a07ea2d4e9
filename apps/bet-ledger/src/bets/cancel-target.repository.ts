import { BetSpec } from '@casino/events';
import { Sql } from '@casino/wallet';
import { CancellableBet } from './bet-batch';

type RawTarget = {
  bet_id: string;
  command_id: string;
  table_id: string;
  round_id: string;
  player_id: string;
  operator_id: string;
  currency: string;
  account_id: string;
  in_play_account_id: string;
  stake: string;
  limit_key: string;
  spec: unknown;
  cancelled: boolean;
};

/** The bets named by a batch's cancels (one query, by primary key and by the command id's unique index). */
export async function loadCancelTargets(
  sql: Sql,
  betIds: readonly string[],
  commandIds: readonly string[],
): Promise<CancellableBet[]> {
  if (betIds.length === 0 && commandIds.length === 0) return [];
  const rows = await sql.rows<RawTarget>(
    `SELECT bet_id, command_id, table_id, round_id, player_id, operator_id, currency, account_id, in_play_account_id,
       stake, limit_key, spec, cancelled_at IS NOT NULL AS cancelled
     FROM ledger_bets WHERE bet_id = ANY($1::text[]) OR command_id = ANY($2::text[])`,
    [betIds, commandIds],
  );
  return rows.map((r) => ({
    betId: r.bet_id,
    commandId: r.command_id,
    tableId: r.table_id,
    roundId: r.round_id,
    playerId: r.player_id,
    operatorId: r.operator_id,
    currency: r.currency,
    accountId: String(r.account_id),
    inPlayAccountId: String(r.in_play_account_id),
    stake: BigInt(r.stake),
    key: r.limit_key,
    // Written by this ledger from a validated command.
    spec: r.spec as BetSpec,
    cancelled: r.cancelled,
  }));
}

/** Marks bets cancelled in one statement (after the batch's new bets are inserted: a bet may be both). */
export async function markCancelled(
  sql: Sql,
  rows: readonly { betId: string; cancelCommandId: string }[],
  at: string,
): Promise<void> {
  if (rows.length === 0) return;
  await sql.rows(
    `UPDATE ledger_bets b SET cancelled_at = $3, cancel_command_id = v.cancel_command_id
     FROM unnest($1::text[], $2::text[]) AS v(bet_id, cancel_command_id)
     WHERE b.bet_id = v.bet_id AND b.cancelled_at IS NULL`,
    [rows.map((r) => r.betId), rows.map((r) => r.cancelCommandId), at],
  );
}
