import { BetSpec } from '@casino/events';
import { Sql } from '@casino/wallet';

/** A stored bet, as settlement and the read API need it. */
export interface StoredBet {
  betId: string;
  playerId: string;
  operatorId: string;
  accountId: string;
  /** The bets-in-play account (shard) its stake went into: its settlement or refund takes it from there. */
  inPlayAccountId: string;
  /** The bet's currency (a table may take several: docs/ledger.md#currencies-per-table). */
  currency: string;
  stake: bigint;
  spec: BetSpec;
}

type RawBet = {
  bet_id: string;
  player_id: string;
  operator_id: string;
  account_id: string;
  in_play_account_id: string;
  currency: string;
  stake: string;
  spec: unknown;
};

/**
 * The live (not cancelled) bets of a round that is not settled or voided, in acceptance order. Outcomes are written only in the
 * transaction that finishes the round, so none of these has one (and the outcomes' primary key would refuse a
 * second anyway).
 */
export async function loadOpenRoundBets(sql: Sql, tableId: string, roundId: string): Promise<StoredBet[]> {
  const rows = await sql.rows<RawBet>(
    `SELECT b.bet_id, b.player_id, b.operator_id, b.account_id, b.in_play_account_id, b.currency, b.stake, b.spec
     FROM ledger_bets b
     WHERE b.table_id = $1 AND b.round_id = $2 AND b.cancelled_at IS NULL
     ORDER BY b.accepted_at, b.bet_id`,
    [tableId, roundId],
  );
  return rows.map((r) => ({
    betId: r.bet_id,
    playerId: r.player_id,
    operatorId: r.operator_id,
    accountId: String(r.account_id),
    inPlayAccountId: String(r.in_play_account_id),
    currency: r.currency.trim(),
    stake: BigInt(r.stake),
    // Written by this ledger from a validated command: no need to pay for a parse per bet on the hot path.
    spec: r.spec as BetSpec,
  }));
}

export interface OutcomeRow {
  betId: string;
  stake: bigint;
  returned: bigint;
  outcome: 'win' | 'lose' | 'push' | 'refund';
}

/**
 * Records how every bet of a round ended, in one row. A second settlement or refund of the round fails on the
 * primary key: its bets are settled or refunded at most once.
 */
export async function insertRoundSettlement(
  sql: Sql,
  tableId: string,
  roundId: string,
  kind: 'settled' | 'refunded',
  rows: readonly OutcomeRow[],
): Promise<void> {
  await sql.rows(
    `INSERT INTO ledger_round_settlements (table_id, round_id, kind, bet_ids, stakes, returned, outcomes)
     VALUES ($1, $2, $3, $4::text[], $5::bigint[], $6::bigint[], $7::text[])`,
    [
      tableId,
      roundId,
      kind,
      rows.map((r) => r.betId),
      rows.map((r) => r.stake.toString()),
      rows.map((r) => r.returned.toString()),
      rows.map((r) => r.outcome),
    ],
  );
}
