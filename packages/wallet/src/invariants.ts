import { Sql } from './sql';

export interface InvariantCheck {
  name: string;
  ok: boolean;
  /** How many rows the check looked at. */
  checked: number;
  /** Ids of what breaks it (at most 50 listed). */
  offenders: string[];
}

const LIMIT = 50;

/** One invariant: how many rows it covers, and the ids of those that break it (offendersSql lists them). */
export async function checkInvariant(
  sql: Sql,
  name: string,
  countSql: string,
  offendersSql: string,
): Promise<InvariantCheck> {
  const [{ n }] = await sql.rows<{ n: string }>(countSql);
  const offenders = (await sql.rows<{ id: string }>(`${offendersSql} LIMIT ${LIMIT}`)).map((r) =>
    String(r.id),
  );
  return { name, ok: offenders.length === 0, checked: Number(n), offenders };
}

/** The wallet's money invariants, checked against the database (ledger:verify prints them). */
export async function checkWalletInvariants(sql: Sql): Promise<InvariantCheck[]> {
  return [
    await checkInvariant(
      sql,
      'every journal entry balances to zero and has at least two postings',
      `SELECT count(*) AS n FROM wallet_entries`,
      `SELECT e.id FROM wallet_entries e LEFT JOIN wallet_postings p ON p.entry_id = e.id
       GROUP BY e.id HAVING coalesce(sum(p.amount), 0) <> 0 OR count(p.id) < 2`,
    ),
    await checkInvariant(
      sql,
      'the sum of all accounts is zero (per currency)',
      `SELECT count(DISTINCT currency) AS n FROM wallet_accounts`,
      `SELECT currency AS id FROM wallet_accounts GROUP BY currency HAVING sum(balance) <> 0`,
    ),
    await checkInvariant(
      sql,
      "each account's balance equals the sum of its postings",
      `SELECT count(*) AS n FROM wallet_accounts`,
      `SELECT a.key AS id FROM wallet_accounts a
       LEFT JOIN (SELECT account_id, sum(amount) AS s FROM wallet_postings GROUP BY account_id) p ON p.account_id = a.id
       WHERE a.balance <> coalesce(p.s, 0)`,
    ),
    await checkInvariant(
      sql,
      'no player wallet or bets-in-play account is negative',
      `SELECT count(*) AS n FROM wallet_accounts WHERE NOT allow_negative`,
      `SELECT key AS id FROM wallet_accounts WHERE balance < 0 AND (NOT allow_negative OR kind IN ('player', 'bets_in_play'))`,
    ),
    await checkInvariant(
      sql,
      'postings stay in the currency of their entry',
      `SELECT count(*) AS n FROM wallet_postings`,
      `SELECT p.id FROM wallet_postings p JOIN wallet_entries e ON e.id = p.entry_id
       JOIN wallet_accounts a ON a.id = p.account_id WHERE a.currency <> e.currency`,
    ),
  ];
}
