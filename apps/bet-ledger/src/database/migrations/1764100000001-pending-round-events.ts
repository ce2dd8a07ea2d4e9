import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Round events that arrived before their round's RoundOpened, kept in arrival order until it comes (they are not
 * recorded as processed until they are applied).
 */
export class PendingRoundEvents1764100000001 implements MigrationInterface {
  name = 'PendingRoundEvents1764100000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ledger_pending_round_events (
        seq bigserial PRIMARY KEY,
        event_id text COLLATE "C" NOT NULL UNIQUE,
        table_id text COLLATE "C" NOT NULL,
        round_id text COLLATE "C" NOT NULL,
        event_type text NOT NULL,
        payload text NOT NULL,
        topic text NOT NULL,
        kafka_partition integer NOT NULL,
        kafka_offset bigint NOT NULL,
        message_key text NULL,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX ledger_pending_round_events_round ON ledger_pending_round_events (table_id, round_id, seq)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ledger_pending_round_events`);
  }
}
