import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets the pruner find old processed-event ids without scanning the table. Ids are written in time order, so a
 * BRIN index is enough: a few pages, and next to nothing added to each batch's insert.
 */
export class ProcessedEventsAge1732300000000 implements MigrationInterface {
  name = 'ProcessedEventsAge1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX ledger_processed_events_age ON ledger_processed_events USING brin (processed_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX ledger_processed_events_age`);
  }
}
