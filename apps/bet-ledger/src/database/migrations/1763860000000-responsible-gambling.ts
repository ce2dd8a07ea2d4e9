import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Responsible-gambling limits set by the operator, per player and currency (docs/rules/restrictions.md), and the
 * running totals of each UTC day and week they are checked against: the wager (accepted stakes less cancels) and
 * the net loss (stakes less returns of the bets settled in the period), updated in the transactions that accept,
 * cancel and settle bets, and each player's stakes still open. A raise waits as pending_* until pending_from.
 */
export class ResponsibleGambling1763860000000 implements MigrationInterface {
  name = 'ResponsibleGambling1763860000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_gambling_limits (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency text COLLATE "C" NOT NULL,
        kind text COLLATE "C" NOT NULL
          CHECK (kind IN ('daily_wager', 'weekly_wager', 'daily_loss', 'weekly_loss', 'max_stake')),
        amount bigint NULL CHECK (amount >= 0),
        pending boolean NOT NULL DEFAULT false,
        pending_amount bigint NULL CHECK (pending_amount >= 0),
        pending_from timestamptz NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (operator_id, player_id, currency, kind),
        CHECK (pending = (pending_from IS NOT NULL))
      )`);
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
    // Stakes accepted and not yet settled, refunded or cancelled: a potential loss the loss limit counts.
    await q.query(`
      CREATE TABLE ledger_gambling_open (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency text COLLATE "C" NOT NULL,
        open_stake bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (operator_id, player_id, currency)
      )`);
    // Bets accepted before this migration: their stakes are open, and the current day's and week's wager.
    await q.query(`
      INSERT INTO ledger_gambling_open (operator_id, player_id, currency, open_stake)
      SELECT b.operator_id, b.player_id, b.currency, sum(b.stake) FROM ledger_bets b
      WHERE b.cancelled_at IS NULL AND NOT EXISTS (SELECT 1 FROM ledger_bet_outcomes o WHERE o.bet_id = b.bet_id)
      GROUP BY 1, 2, 3`);
    await q.query(`
      INSERT INTO ledger_gambling_totals (operator_id, player_id, currency, period, period_start, wagered)
      SELECT b.operator_id, b.player_id, b.currency, p.period, p.start, sum(b.stake)
      FROM (VALUES ('day', date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'),
                   ('week', date_trunc('week', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')) AS p(period, start)
      JOIN ledger_bets b ON b.accepted_at >= p.start AND b.cancelled_at IS NULL
      GROUP BY 1, 2, 3, 4, 5`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_gambling_open`);
    await q.query(`DROP TABLE ledger_gambling_totals`);
    await q.query(`DROP TABLE ledger_gambling_limits`);
  }
}
