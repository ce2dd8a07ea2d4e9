import { checkInvariant, InvariantCheck, Sql } from '@casino/wallet';
import { RESTRICTION_RULES } from '../restrictions/restriction-rules';

/** The games whose rules exclude bonus funds (the 'no-bonus-funds' rule: Fan Tan). */
const EXCLUDING_GAMES = [
  ...new Set(RESTRICTION_RULES.filter((r) => r.kind === 'no-bonus-funds').map((r) => r.game)),
];

/** The bonuses granted as such (not holding a free-bet grant's winnings: free-bets/free-bet-checks.ts). */
const FROM_GRANTS = `WHERE bonus_id NOT IN (SELECT bonus_id FROM ledger_free_bets WHERE bonus_id IS NOT NULL)`;

/**
 * The bonus books (docs/ledger.md#bonus-funds), checked by ledger:verify: each operator's granted, converted and
 * forfeited books equal its bonuses' figures; a bonus converted only once its requirement was met, and never
 * more than its grant and what its bets brought back; no bonus stake at a game that excludes bonus funds or that
 * its bonus does not list. (Each account equals its postings and none is negative: the wallet's checks.)
 */
export async function checkBonusInvariants(sql: Sql): Promise<InvariantCheck[]> {
  const book = (kind: string, column: string, sign: string, where = '') =>
    `SELECT coalesce(a.key, b.operator_id || '/' || b.currency) AS id
     FROM (SELECT operator_id, currency, sum(${column}) AS s FROM ledger_bonuses ${where}
           GROUP BY operator_id, currency) b
     FULL JOIN (SELECT key, operator_id, currency, balance FROM wallet_accounts WHERE kind = '${kind}') a
       ON a.operator_id = b.operator_id AND a.currency = b.currency
     WHERE coalesce(b.s, 0) <> ${sign}coalesce(a.balance, 0)`;
  return [
    await checkInvariant(
      sql,
      "each operator's bonus granted, converted and forfeited books equal its bonuses' amounts, conversions and forfeits",
      `SELECT count(*) AS n FROM wallet_accounts WHERE kind IN ('bonus_granted', 'bonus_converted', 'bonus_forfeited')`,
      // A free-bet grant's bonus is paid by settlements (its winnings), never by the granted book.
      `${book('bonus_granted', 'amount', '-', FROM_GRANTS)} UNION ALL ${book('bonus_converted', 'converted', '')}
       UNION ALL ${book('bonus_forfeited', 'forfeited', '')}`,
    ),
    await checkInvariant(
      sql,
      'a bonus is converted only once its wagering requirement is met, and converts no more than its grant and its bets brought back',
      `SELECT count(*) AS n FROM ledger_bonuses`,
      `SELECT b.bonus_id AS id FROM ledger_bonuses b
       WHERE (b.status = 'converted' AND b.wagered < b.requirement)
          OR (b.status <> 'converted' AND b.converted > 0 AND b.status = 'active')
          OR b.converted + b.forfeited > b.amount + coalesce((
               SELECT sum(o.returned * p.bonus_stake / nullif(o.stake, 0)) + count(*)
               FROM ledger_bet_bonus_parts p JOIN ledger_bet_outcomes o ON o.bet_id = p.bet_id
               WHERE p.bonus_id = b.bonus_id), 0) + coalesce((
               SELECT sum(p.bonus_stake) FROM ledger_bet_bonus_parts p JOIN ledger_bets x ON x.bet_id = p.bet_id
               WHERE p.bonus_id = b.bonus_id AND x.cancelled_at IS NOT NULL), 0)`,
    ),
    await checkInvariant(
      sql,
      'no bonus stake at a game that excludes bonus funds or that its bonus does not list',
      `SELECT count(*) AS n FROM ledger_bet_bonus_parts WHERE bonus_stake > 0`,
      `SELECT p.bet_id AS id FROM ledger_bet_bonus_parts p JOIN ledger_bonuses b USING (bonus_id)
       WHERE p.bonus_stake > 0 AND (p.game = ANY('{${EXCLUDING_GAMES.join(',')}}'::text[])
         OR (b.games IS NOT NULL AND NOT p.game = ANY(b.games)))`,
    ),
  ];
}
