import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLedger1714560000000 implements MigrationInterface {
  name = 'CreateLedger1714560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_rounds (
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        currency char(3) NOT NULL,
        status text NOT NULL CHECK (status IN ('open', 'closed', 'settled', 'voided', 'disputed')),
        config jsonb NOT NULL,
        shoe_id text NULL,
        shoe_hash text NULL,
        totals jsonb NOT NULL DEFAULT '{}',
        seats jsonb NOT NULL DEFAULT '{}',
        bet_count integer NOT NULL DEFAULT 0,
        total_staked bigint NOT NULL DEFAULT 0,
        result jsonb NULL,
        void_reason text NULL,
        problem text NULL,
        opened_at timestamptz NOT NULL,
        closed_at timestamptz NULL,
        finished_at timestamptz NULL,
        PRIMARY KEY (table_id, round_id)
      )`);
    await q.query(`
      CREATE TABLE ledger_bets (
        bet_id text COLLATE "C" PRIMARY KEY,
        command_id text COLLATE "C" NOT NULL,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        operator_id text COLLATE "C" NOT NULL,
        currency char(3) NOT NULL,
        account_id bigint NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        limit_key text NOT NULL,
        spec jsonb NOT NULL,
        seat smallint NULL,
        hand smallint NULL,
        accepted_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ledger_bets_command_unique UNIQUE (command_id)
      )`);
    // No foreign keys on the hot tables (bets → rounds/accounts, outcomes → bets): each would cost an index probe
    // and a row lock per inserted row; the writers guarantee them and ledger:verify checks them.
    await q.query(`CREATE INDEX ledger_bets_round_player_idx ON ledger_bets (table_id, round_id, player_id)`);
    await q.query(`CREATE INDEX ledger_bets_player_idx ON ledger_bets (operator_id, player_id, accepted_at)`);
    // How each round's bets ended, one row per round (written in the transaction that settles or voids it): the
    // primary key makes a round, hence each of its bets, settled or refunded at most once, and a round costs one
    // row instead of one per bet. The view ledger_bet_outcomes shows it per bet.
    await q.query(`
      CREATE TABLE ledger_round_settlements (
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        kind text NOT NULL CHECK (kind IN ('settled', 'refunded')),
        bet_ids text[] NOT NULL,
        stakes bigint[] NOT NULL,
        returned bigint[] NOT NULL,
        outcomes text[] NOT NULL,
        settled_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (table_id, round_id),
        CHECK (cardinality(bet_ids) = cardinality(stakes) AND cardinality(bet_ids) = cardinality(returned)
               AND cardinality(bet_ids) = cardinality(outcomes))
      )`);
    for (const col of ['bet_ids', 'stakes', 'returned', 'outcomes']) {
      await q.query(`ALTER TABLE ledger_round_settlements ALTER COLUMN ${col} SET STORAGE EXTERNAL`);
    }
    await q.query(`
      CREATE VIEW ledger_bet_outcomes AS
      SELECT u.bet_id, s.table_id, s.round_id, s.kind, u.stake, u.returned, u.outcome, s.settled_at AS at
      FROM ledger_round_settlements s,
           unnest(s.bet_ids, s.stakes, s.returned, s.outcomes) AS u(bet_id, stake, returned, outcome)`);
    await q.query(`
      CREATE TABLE ledger_processed_events (
        event_id text COLLATE "C" PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ledger_outbox (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        key text NOT NULL,
        payload text NOT NULL,
        event_id text COLLATE "C" NOT NULL,
        event_type text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Payloads are written once and read once: compressing them (TOAST) would only cost CPU.
    await q.query(`ALTER TABLE ledger_outbox ALTER COLUMN payload SET STORAGE EXTERNAL`);
    await q.query(`
      CREATE TABLE ledger_player_limits (
        operator_id text COLLATE "C" NOT NULL,
        player_id text COLLATE "C" NOT NULL,
        game text NOT NULL,
        limit_key text NOT NULL,
        min_stake bigint NOT NULL CHECK (min_stake > 0),
        max_stake bigint NOT NULL CHECK (max_stake >= min_stake),
        PRIMARY KEY (operator_id, player_id, game, limit_key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_player_limits`);
    await q.query(`DROP TABLE ledger_outbox`);
    await q.query(`DROP TABLE ledger_processed_events`);
    await q.query(`DROP VIEW ledger_bet_outcomes`);
    await q.query(`DROP TABLE ledger_round_settlements`);
    await q.query(`DROP TABLE ledger_bets`);
    await q.query(`DROP TABLE ledger_rounds`);
  }
}
