import { checkInvariant, InvariantCheck, Sql } from '@casino/wallet';
import { RESTRICTION_RULES } from '../restrictions/restriction-rules';

/** The games whose rules exclude bonus funds, and so free bets (the 'no-bonus-funds' rule: Fan Tan). */
const EXCLUDING_GAMES = [
  ...new Set(RESTRICTION_RULES.filter((r) => r.kind === 'no-bonus-funds').map((r) => r.game)),
];

/**
 * The free-bet books (docs/ledger.md#free-bets), checked by ledger:verify: each operator's promotion book equals
 * minus the stakes of its free bets plus what their returns gave back; a grant counts exactly its live uses, each
 * used by a bet of its player at its game (and table) of exactly its stake, never at a game that excludes bonus
 * funds; a settled free bet paid the player only what its return brought above the stake; a grant paying winnings as bonus money has a
 * bonus of its own holding exactly them.
 */
export async function checkFreeBetInvariants(sql: Sql): Promise<InvariantCheck[]> {
  return [
    await checkInvariant(
      sql,
      "each operator's promotion book equals minus its free bets' stakes plus what their returns gave back",
      `SELECT count(*) AS n FROM wallet_accounts WHERE kind = 'free_bets'`,
      `SELECT coalesce(a.key, u.operator_id || '/' || u.currency) AS id
       FROM (SELECT f.operator_id, f.currency, sum(x.to_promotion - x.stake) AS s
             FROM ledger_free_bet_uses x JOIN ledger_free_bets f USING (free_bet_id) GROUP BY 1, 2) u
       FULL JOIN (SELECT key, operator_id, currency, balance FROM wallet_accounts WHERE kind = 'free_bets') a
         ON a.operator_id = u.operator_id AND a.currency = u.currency
       WHERE coalesce(u.s, 0) <> coalesce(a.balance, 0)`,
    ),
    await checkInvariant(
      sql,
      'a free-bet grant counts exactly its live uses, each a bet of its player at its game and table of exactly its stake',
      `SELECT count(*) AS n FROM ledger_free_bets`,
      `SELECT f.free_bet_id AS id FROM ledger_free_bets f
       WHERE f.used <> (SELECT count(*) FROM ledger_free_bet_uses x
                        WHERE x.free_bet_id = f.free_bet_id AND x.status IN ('open', 'settled'))
       UNION ALL
       SELECT x.bet_id FROM ledger_free_bet_uses x JOIN ledger_free_bets f USING (free_bet_id)
       LEFT JOIN ledger_bets b ON b.bet_id = x.bet_id
       WHERE b.bet_id IS NULL OR b.stake <> x.stake OR x.stake <> f.stake OR b.game <> f.game
          OR b.operator_id <> f.operator_id OR b.player_id <> f.player_id OR b.currency <> f.currency
          OR (f.table_id IS NOT NULL AND b.table_id <> f.table_id)
          OR b.game = ANY('{${EXCLUDING_GAMES.join(',')}}'::text[])
          OR (x.status = 'cancelled') <> (b.cancelled_at IS NOT NULL)`,
    ),
    await checkInvariant(
      sql,
      'a settled free bet paid the player only what its return brought above the stake, the rest to the promotion book',
      `SELECT count(*) AS n FROM ledger_free_bet_uses WHERE status <> 'open'`,
      `SELECT x.bet_id AS id FROM ledger_free_bet_uses x
       LEFT JOIN ledger_bet_outcomes o ON o.bet_id = x.bet_id
       WHERE (x.status = 'settled' AND (o.kind IS DISTINCT FROM 'settled'
               OR x.winnings <> greatest(o.returned - x.stake, 0) OR x.to_promotion <> least(o.returned, x.stake)))
          OR (x.status = 'refunded' AND (o.kind IS DISTINCT FROM 'refunded' OR x.to_promotion <> x.stake))
          OR (x.status = 'cancelled' AND (o.bet_id IS NOT NULL OR x.to_promotion <> x.stake))
          OR (x.status = 'open' AND o.bet_id IS NOT NULL)`,
    ),
    await checkInvariant(
      sql,
      "a grant paying winnings as bonus money has its own bonus, of exactly its free bets' winnings",
      `SELECT count(*) AS n FROM ledger_free_bets WHERE bonus_id IS NOT NULL`,
      `SELECT f.free_bet_id AS id FROM ledger_free_bets f JOIN ledger_bonuses b USING (bonus_id)
       WHERE b.operator_id <> f.operator_id OR b.player_id <> f.player_id OR b.currency <> f.currency
          OR b.amount <> coalesce((SELECT sum(x.winnings) FROM ledger_free_bet_uses x
                                   WHERE x.free_bet_id = f.free_bet_id AND x.status = 'settled'), 0)
          OR EXISTS (SELECT 1 FROM ledger_free_bets g WHERE g.bonus_id = f.bonus_id AND g.free_bet_id <> f.free_bet_id)`,
    ),
  ];
}
