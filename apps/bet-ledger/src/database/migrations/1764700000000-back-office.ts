import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back office: staff accounts, their sessions, the audit of manual actions, and the report rollups.
 *
 * The rollups are kept in the transaction that settles a round (use-cases/book-outcomes → back-office/rollups), so a
 * report reads a few thousand rollup rows instead of millions of bets. Only settled bets count: a refunded
 * (voided) bet was never turnover. Hours and days are UTC; a report in another time zone regroups the hours.
 */
export class BackOffice1764700000000 implements MigrationInterface {
  name = 'BackOffice1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_staff (
        id bigserial PRIMARY KEY,
        username text COLLATE "C" NOT NULL UNIQUE,
        role text NOT NULL CHECK (role IN ('admin', 'finance', 'support', 'pit_boss', 'dealer')),
        operator_id text COLLATE "C" NULL,
        password_hash text NOT NULL,
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
        failed_logins integer NOT NULL DEFAULT 0,
        locked_until timestamptz NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Only the token's SHA-256 is stored: a copy of the table opens no session.
    await q.query(`
      CREATE TABLE ledger_staff_sessions (
        token_hash bytea PRIMARY KEY,
        staff_id bigint NOT NULL REFERENCES ledger_staff (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz NULL
      )`);
    await q.query(`CREATE INDEX ledger_staff_sessions_staff_idx ON ledger_staff_sessions (staff_id)`);
    await q.query(`
      CREATE TABLE ledger_backoffice_audit (
        id bigserial PRIMARY KEY,
        actor text NOT NULL,
        staff_id bigint NULL,
        role text NOT NULL,
        action text NOT NULL,
        target text NOT NULL,
        reason text NULL,
        details jsonb NOT NULL DEFAULT '{}',
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ledger_backoffice_audit_at_idx ON ledger_backoffice_audit (at)`);

    // Σstake² is numeric: squares of bigint stakes overflow bigint.
    await q.query(`
      CREATE TABLE ledger_report_hourly (
        hour timestamptz NOT NULL,
        operator_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        table_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        bet_kind text NOT NULL,
        bets bigint NOT NULL,
        staked bigint NOT NULL,
        returned bigint NOT NULL,
        stake_sq numeric NOT NULL,
        PRIMARY KEY (hour, operator_id, game, table_id, currency, bet_kind)
      )`);
    await q.query(`
      CREATE TABLE ledger_report_player_daily (
        day date NOT NULL,
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        game text NOT NULL,
        bets bigint NOT NULL,
        staked bigint NOT NULL,
        returned bigint NOT NULL,
        PRIMARY KEY (day, operator_id, player_id, currency, game)
      )`);
    await q.query(
      `CREATE INDEX ledger_report_player_daily_player_idx ON ledger_report_player_daily (operator_id, player_id, day)`,
    );
    // Rounds by status for the voided/disputed report (settled rounds are the vast majority and are left out).
    await q.query(
      `CREATE INDEX ledger_rounds_unsettled_idx ON ledger_rounds (opened_at) WHERE status IN ('voided', 'disputed')`,
    );

    // Backfill from the settled bets already in the ledger.
    await q.query(`
      INSERT INTO ledger_report_hourly
      SELECT date_trunc('hour', s.settled_at, 'UTC'), b.operator_id, b.game, b.table_id, b.currency, b.limit_key,
             count(*), sum(u.stake), sum(u.returned), sum(u.stake::numeric * u.stake)
        FROM ledger_round_settlements s
       CROSS JOIN LATERAL unnest(s.bet_ids, s.stakes, s.returned) AS u(bet_id, stake, returned)
        JOIN ledger_bets b ON b.bet_id = u.bet_id
       WHERE s.kind = 'settled'
       GROUP BY 1, 2, 3, 4, 5, 6`);
    await q.query(`
      INSERT INTO ledger_report_player_daily
      SELECT (s.settled_at AT TIME ZONE 'UTC')::date, b.operator_id, b.player_id, b.currency, b.game,
             count(*), sum(u.stake), sum(u.returned)
        FROM ledger_round_settlements s
       CROSS JOIN LATERAL unnest(s.bet_ids, s.stakes, s.returned) AS u(bet_id, stake, returned)
        JOIN ledger_bets b ON b.bet_id = u.bet_id
       WHERE s.kind = 'settled'
       GROUP BY 1, 2, 3, 4, 5`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_rounds_unsettled_idx`);
    await q.query(`DROP TABLE ledger_report_player_daily`);
    await q.query(`DROP TABLE ledger_report_hourly`);
    await q.query(`DROP TABLE ledger_backoffice_audit`);
    await q.query(`DROP TABLE ledger_staff_sessions`);
    await q.query(`DROP TABLE ledger_staff`);
  }
}
