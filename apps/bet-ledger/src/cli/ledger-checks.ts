import { checkInvariant, checkWalletInvariants, InvariantCheck, Sql } from '@casino/wallet';
import { checkRollupInvariants } from '../back-office/rollups/rollup-checks';
import { checkSeamlessInvariants } from '../seamless/seamless-checks';
import { checkBonusInvariants } from '../bonus/bonus-checks';
import { checkFreeBetInvariants } from '../free-bets/free-bet-checks';

/** The ledger's invariants on top of the wallet's (ledger:verify and the tests run these). */
export async function runLedgerChecks(sql: Sql): Promise<InvariantCheck[]> {
  const wallet = await checkWalletInvariants(sql);
  const ledger = [
    await checkInvariant(
      sql,
      'every live (not cancelled) bet of a finished round is settled or refunded',
      `SELECT count(*) AS n FROM ledger_bets b JOIN ledger_rounds r USING (table_id, round_id)
       WHERE r.status IN ('settled', 'voided') AND b.cancelled_at IS NULL`,
      `SELECT b.bet_id AS id FROM ledger_bets b JOIN ledger_rounds r USING (table_id, round_id)
       LEFT JOIN ledger_bet_outcomes o ON o.bet_id = b.bet_id
       WHERE r.status IN ('settled', 'voided') AND b.cancelled_at IS NULL AND o.bet_id IS NULL`,
    ),
    await checkInvariant(
      sql,
      'no bet is settled or refunded twice',
      `SELECT count(*) AS n FROM ledger_round_settlements`,
      `SELECT bet_id AS id FROM ledger_bet_outcomes GROUP BY bet_id HAVING count(*) > 1`,
    ),
    await checkInvariant(
      sql,
      'no bet of an unfinished round has an outcome; refunds only in voided rounds',
      `SELECT count(*) AS n FROM ledger_bet_outcomes`,
      `SELECT o.bet_id AS id FROM ledger_bet_outcomes o JOIN ledger_bets b ON b.bet_id = o.bet_id
       JOIN ledger_rounds r ON r.table_id = b.table_id AND r.round_id = b.round_id
       WHERE r.status NOT IN ('settled', 'voided') OR (o.kind = 'refunded') <> (r.status = 'voided')`,
    ),
    await checkInvariant(
      sql,
      "each outcome's stake equals its bet's stake; a refund returns exactly the stake",
      `SELECT count(*) AS n FROM ledger_bet_outcomes`,
      `SELECT o.bet_id AS id FROM ledger_bet_outcomes o JOIN ledger_bets b ON b.bet_id = o.bet_id
       WHERE o.stake <> b.stake OR (o.kind = 'refunded' AND o.returned <> o.stake)`,
    ),
    await checkInvariant(
      sql,
      "each bets-in-play account (a table's shard) holds exactly the stakes of its unsettled, not cancelled bets",
      `SELECT count(*) AS n FROM wallet_accounts WHERE kind = 'bets_in_play'`,
      `SELECT a.key AS id FROM wallet_accounts a
       LEFT JOIN (SELECT b.in_play_account_id, sum(b.stake) AS s FROM ledger_bets b
                  WHERE b.cancelled_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM ledger_bet_outcomes o WHERE o.bet_id = b.bet_id)
                  GROUP BY 1) u ON u.in_play_account_id = a.id
       WHERE a.kind = 'bets_in_play' AND a.balance <> coalesce(u.s, 0)`,
    ),
    await checkInvariant(
      sql,
      "each bet's stake went into a bets-in-play account of its own operator, table and currency",
      `SELECT count(*) AS n FROM ledger_bets`,
      `SELECT b.bet_id AS id FROM ledger_bets b LEFT JOIN wallet_accounts a ON a.id = b.in_play_account_id
       WHERE a.id IS NULL OR a.kind <> 'bets_in_play' OR a.operator_id <> b.operator_id
         OR a.table_id <> b.table_id OR a.currency <> b.currency`,
    ),
    await checkInvariant(
      sql,
      "each player's open stakes (responsible gambling) equal the stakes of their unsettled, not cancelled bets",
      `SELECT count(*) AS n FROM ledger_gambling_open`,
      `SELECT g.operator_id || '/' || g.player_id || '/' || g.currency AS id
       FROM ledger_gambling_open g
       FULL JOIN (SELECT b.operator_id, b.player_id, b.currency, sum(b.stake) AS s FROM ledger_bets b
                  WHERE b.cancelled_at IS NULL
                    AND NOT EXISTS (SELECT 1 FROM ledger_bet_outcomes o WHERE o.bet_id = b.bet_id)
                  GROUP BY 1, 2, 3) u USING (operator_id, player_id, currency)
       WHERE coalesce(g.open_stake, 0) <> coalesce(u.s, 0)`,
    ),
    await checkInvariant(
      sql,
      "each house account equals stakes minus returns of its table's settled bets",
      `SELECT count(*) AS n FROM wallet_accounts WHERE kind = 'house'`,
      `SELECT a.key AS id FROM wallet_accounts a
       LEFT JOIN (SELECT b.operator_id, b.table_id, b.game, b.currency, sum(o.stake - o.returned) AS s
                  FROM ledger_bet_outcomes o JOIN ledger_bets b ON b.bet_id = o.bet_id WHERE o.kind = 'settled'
                  GROUP BY 1, 2, 3, 4) h
         ON h.operator_id = a.operator_id AND h.table_id = a.table_id AND h.game = a.game AND h.currency = a.currency
       WHERE a.kind = 'house' AND a.balance <> coalesce(h.s, 0)`,
    ),
    await checkInvariant(
      sql,
      'every revealed shoe matches its commitment, the hash its rounds announced, and the cards they dealt',
      `SELECT count(*) AS n FROM ledger_shoe_reveals`,
      `SELECT table_id || '/' || shoe_id || ' ' || problem_code AS id FROM ledger_shoe_reveals
       WHERE problem_code IS NOT NULL`,
    ),
    await checkInvariant(
      sql,
      "every bet belongs to a known round and was paid from its own player's wallet",
      `SELECT count(*) AS n FROM ledger_bets`,
      `SELECT b.bet_id AS id FROM ledger_bets b
       LEFT JOIN ledger_rounds r USING (table_id, round_id)
       LEFT JOIN wallet_accounts a ON a.id = b.account_id
       WHERE r.round_id IS NULL OR a.id IS NULL OR a.kind <> 'player' OR a.player_id <> b.player_id
          OR a.operator_id <> b.operator_id OR a.currency <> b.currency`,
    ),
    await checkInvariant(
      sql,
      "every held payout is its bet's outcome, of its own wallet, booked to its operator's funding account",
      `SELECT count(*) AS n FROM ledger_held_payouts`,
      `SELECT h.bet_id AS id FROM ledger_held_payouts h
       JOIN ledger_bets b ON b.bet_id = h.bet_id
       LEFT JOIN ledger_bet_outcomes o ON o.bet_id = h.bet_id
       WHERE o.bet_id IS NULL OR o.returned <> h.amount OR b.account_id <> h.account_id
          OR b.operator_id <> h.operator_id OR b.currency <> h.currency
          OR NOT EXISTS (SELECT 1 FROM wallet_entries e JOIN wallet_postings p ON p.entry_id = e.id
                         JOIN wallet_accounts a ON a.id = p.account_id
                         WHERE e.reference = h.table_id || '/' || h.round_id AND a.kind = 'funding'
                           AND a.operator_id = h.operator_id AND a.currency = h.currency AND p.amount > 0)
       UNION ALL
       SELECT h.bet_id FROM ledger_held_payouts h WHERE NOT EXISTS (SELECT 1 FROM ledger_bets b WHERE b.bet_id = h.bet_id)`,
    ),
    await checkInvariant(
      sql,
      'every outcome belongs to an accepted bet',
      `SELECT count(*) AS n FROM ledger_bet_outcomes`,
      `SELECT o.bet_id AS id FROM ledger_bet_outcomes o
       WHERE NOT EXISTS (SELECT 1 FROM ledger_bets b WHERE b.bet_id = o.bet_id)`,
    ),
    await checkInvariant(
      sql,
      "each closed round's count and total staked match its live (not cancelled) bets",
      `SELECT count(*) AS n FROM ledger_rounds WHERE status <> 'open'`,
      `SELECT r.table_id || '/' || r.round_id AS id FROM ledger_rounds r
       LEFT JOIN (SELECT table_id, round_id, count(*) AS c, sum(stake) AS s FROM ledger_bets
                  WHERE cancelled_at IS NULL GROUP BY 1, 2) b
         USING (table_id, round_id)
       WHERE r.status <> 'open' AND (r.bet_count <> coalesce(b.c, 0) OR r.total_staked <> coalesce(b.s, 0))`,
    ),
    await checkInvariant(
      sql,
      'a cancelled bet has no outcome and its cancel entry gave exactly its stake back (its bonus part to its bonus account, a free bet to the promotion book)',
      `SELECT count(*) AS n FROM ledger_bets WHERE cancelled_at IS NOT NULL`,
      `SELECT b.bet_id AS id FROM ledger_bets b
       LEFT JOIN wallet_entries e ON e.idempotency_key = 'cancel:' || b.cancel_command_id
       LEFT JOIN wallet_postings p ON p.entry_id = e.id AND p.account_id = b.account_id
       LEFT JOIN ledger_bet_bonus_parts bp ON bp.bet_id = b.bet_id
       LEFT JOIN ledger_free_bet_uses fu ON fu.bet_id = b.bet_id
       WHERE b.cancelled_at IS NOT NULL
         AND (e.id IS NULL OR coalesce(p.amount, 0) <> b.stake - coalesce(bp.bonus_stake, 0) - coalesce(fu.stake, 0)
              OR EXISTS (SELECT 1 FROM ledger_bet_outcomes o WHERE o.bet_id = b.bet_id))`,
    ),
  ];
  return [
    ...wallet,
    ...ledger,
    ...(await checkSeamlessInvariants(sql)),
    ...(await checkRollupInvariants(sql)),
    ...(await checkBonusInvariants(sql)),
    ...(await checkFreeBetInvariants(sql)),
  ];
}
