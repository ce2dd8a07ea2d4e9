import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per player wallet (a player in one currency) for the responsible-gambling running figures
 * (docs/rules/restrictions.md): the stakes still open and the current UTC day's and week's wager and net loss.
 * It replaces the two tables of 1763860000000 (a row per period and one for the open stakes), so accepting,
 * cancelling and settling bets write one row per player instead of three, keyed by the wallet id the bets carry.
 * ledger_gambling_totals and ledger_gambling_open stay as views over it for their readers (the limits API,
 * ledger:verify). '-infinity' as a period start means nothing counted yet. No foreign key: checking it would
 * take a share lock on the wallet row in settlements, which otherwise never wait for a bet batch's wallet lock.
 */
export class GamblingUsage1764200000000 implements MigrationInterface {
  name = 'GamblingUsage1764200000000';

  async up(q: QueryRunner): Promise<void> {
    // fillfactor: every bet and settlement rewrites the row; free room in the page keeps the updates HOT.
    await q.query(`
      CREATE TABLE ledger_gambling_usage (
        account_id bigint PRIMARY KEY,
        open_stake bigint NOT NULL DEFAULT 0,
        day_start timestamptz NOT NULL DEFAULT '-infinity',
        day_wagered bigint NOT NULL DEFAULT 0,
        day_net_loss bigint NOT NULL DEFAULT 0,
        week_start timestamptz NOT NULL DEFAULT '-infinity',
        week_wagered bigint NOT NULL DEFAULT 0,
        week_net_loss bigint NOT NULL DEFAULT 0
      ) WITH (fillfactor = 70)`);
    // Each player's latest day and week (the current ones, or older ones a later write resets).
    await q.query(`
      INSERT INTO ledger_gambling_usage (account_id, open_stake,
          day_start, day_wagered, day_net_loss, week_start, week_wagered, week_net_loss)
      SELECT a.id, coalesce(o.open_stake, 0),
          coalesce(d.period_start, '-infinity'), coalesce(d.wagered, 0), coalesce(d.net_loss, 0),
          coalesce(w.period_start, '-infinity'), coalesce(w.wagered, 0), coalesce(w.net_loss, 0)
      FROM (SELECT operator_id, player_id, currency FROM ledger_gambling_totals
            UNION SELECT operator_id, player_id, currency FROM ledger_gambling_open) k
      JOIN wallet_accounts a ON a.kind = 'player' AND a.operator_id = k.operator_id
        AND a.player_id = k.player_id AND a.currency = k.currency
      LEFT JOIN ledger_gambling_open o
        ON o.operator_id = k.operator_id AND o.player_id = k.player_id AND o.currency = k.currency
      LEFT JOIN (SELECT DISTINCT ON (operator_id, player_id, currency) * FROM ledger_gambling_totals
                 WHERE period = 'day' ORDER BY operator_id, player_id, currency, period_start DESC) d
        ON d.operator_id = k.operator_id AND d.player_id = k.player_id AND d.currency = k.currency
      LEFT JOIN (SELECT DISTINCT ON (operator_id, player_id, currency) * FROM ledger_gambling_totals
                 WHERE period = 'week' ORDER BY operator_id, player_id, currency, period_start DESC) w
        ON w.operator_id = k.operator_id AND w.player_id = k.player_id AND w.currency = k.currency`);
    await q.query(`DROP TABLE ledger_gambling_totals`);
    await q.query(`DROP TABLE ledger_gambling_open`);
    await q.query(`
      CREATE VIEW ledger_gambling_totals AS
        SELECT a.operator_id, a.player_id, a.currency::text AS currency, p.period, p.period_start, p.wagered,
               p.net_loss
        FROM ledger_gambling_usage u
        JOIN wallet_accounts a ON a.id = u.account_id
        CROSS JOIN LATERAL (VALUES ('day'::text, u.day_start, u.day_wagered, u.day_net_loss),
                                   ('week', u.week_start, u.week_wagered, u.week_net_loss))
          AS p(period, period_start, wagered, net_loss)
        WHERE p.period_start > '-infinity'`);
    await q.query(`
      CREATE VIEW ledger_gambling_open AS
        SELECT a.operator_id, a.player_id, a.currency::text AS currency, u.open_stake
        FROM ledger_gambling_usage u JOIN wallet_accounts a ON a.id = u.account_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW ledger_gambling_open`);
    await q.query(`DROP VIEW ledger_gambling_totals`);
    await q.query(`
      CREATE TABLE ledger_gambling_totals (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency text COLLATE "C" NOT NULL,
        period text COLLATE "C" NOT NULL CHECK (period IN ('day', 'week')),
        period_start timestamptz NOT NULL,
        wagered bigint NOT NULL DEFAULT 0,
        net_loss bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (operator_id, player_id, currency, period, period_start)
      )`);
    await q.query(`
      CREATE TABLE ledger_gambling_open (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency text COLLATE "C" NOT NULL,
        open_stake bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (operator_id, player_id, currency)
      )`);
    await q.query(`
      INSERT INTO ledger_gambling_totals (operator_id, player_id, currency, period, period_start, wagered, net_loss)
      SELECT a.operator_id, a.player_id, a.currency, p.period, p.period_start, p.wagered, p.net_loss
      FROM ledger_gambling_usage u
      JOIN wallet_accounts a ON a.id = u.account_id
      CROSS JOIN LATERAL (VALUES ('day', u.day_start, u.day_wagered, u.day_net_loss),
                                 ('week', u.week_start, u.week_wagered, u.week_net_loss))
        AS p(period, period_start, wagered, net_loss)
      WHERE p.period_start > '-infinity'`);
    await q.query(`
      INSERT INTO ledger_gambling_open (operator_id, player_id, currency, open_stake)
      SELECT a.operator_id, a.player_id, a.currency, u.open_stake
      FROM ledger_gambling_usage u JOIN wallet_accounts a ON a.id = u.account_id`);
    await q.query(`DROP TABLE ledger_gambling_usage`);
  }
}
