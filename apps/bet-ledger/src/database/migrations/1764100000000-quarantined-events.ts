import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messages the ledger could not apply after bounded retries (parked, also published raw to the dead-letter
 * topic), and the back office's audited actions on them (retry, discard).
 */
export class QuarantinedEvents1764100000000 implements MigrationInterface {
  name = 'QuarantinedEvents1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_quarantined_events (
        id bigserial PRIMARY KEY,
        topic text NOT NULL,
        kafka_partition integer NOT NULL,
        kafka_offset bigint NOT NULL,
        message_key text NULL,
        event_id text COLLATE "C" NULL,
        event_type text NULL,
        table_id text COLLATE "C" NULL,
        round_id text COLLATE "C" NULL,
        operator_id text COLLATE "C" NULL,
        player_id text COLLATE "C" NULL,
        holds text NOT NULL CHECK (holds IN ('round', 'player', 'none')),
        payload bytea NOT NULL,
        error_code text NOT NULL,
        error_message text NOT NULL,
        attempts integer NOT NULL CHECK (attempts > 0),
        first_failed_at timestamptz NOT NULL,
        last_failed_at timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'parked' CHECK (status IN ('parked', 'retried', 'discarded')),
        resolved_at timestamptz NULL,
        resolved_by text NULL,
        resolution_reason text NULL,
        UNIQUE (topic, kafka_partition, kafka_offset)
      )`);
    await q.query(
      `CREATE INDEX ledger_quarantined_events_parked ON ledger_quarantined_events (id) WHERE status = 'parked'`,
    );
    await q.query(`CREATE INDEX ledger_quarantined_events_event ON ledger_quarantined_events (event_id)`);
    await q.query(`
      CREATE TABLE ledger_quarantine_actions (
        id bigserial PRIMARY KEY,
        quarantine_id bigint NOT NULL REFERENCES ledger_quarantined_events (id),
        action text NOT NULL CHECK (action IN ('retry', 'discard')),
        actor text NOT NULL,
        reason text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('applied', 'failed', 'discarded')),
        error_code text NULL,
        error_message text NULL,
        acted_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_quarantine_actions_entry ON ledger_quarantine_actions (quarantine_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_quarantine_actions`);
    await q.query(`DROP TABLE ledger_quarantined_events`);
  }
}
