import { OutboxStore } from '@casino/outbox';
import { DataSource, QueryRunner } from 'typeorm';
import { OutboxRow } from './outbox.writer';

const RELAY_LOCK = 7_140_560_002;

/**
 * The relay's view of `ledger_outbox`: a published row is deleted, a refused one parked in place (`parked_at`,
 * `park_error`). The leading relay holds a session advisory lock (released if its process dies) on its own
 * connection, and runs every query on it.
 */
export class LedgerOutboxStore implements OutboxStore<OutboxRow> {
  private runner: QueryRunner | undefined;

  constructor(private readonly dataSource: DataSource) {}

  async lead(): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    const [{ locked }] = await runner.query(`SELECT pg_try_advisory_lock($1) AS locked`, [RELAY_LOCK]);
    if (!locked) {
      await runner.release();
      return false;
    }
    this.runner = runner;
    return true;
  }

  async stepDown(published: readonly OutboxRow[]): Promise<void> {
    const runner = this.runner;
    this.runner = undefined;
    if (!runner || runner.isReleased) return;
    await runner
      .query(`DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[])`, [ids(published)])
      .catch(() => undefined);
    await runner.query(`SELECT pg_advisory_unlock($1)`, [RELAY_LOCK]).catch(() => undefined);
    await runner.release().catch(() => undefined);
  }

  /**
   * One round trip: the SELECT sees the rows as they were before the DELETE, hence the filter. Held keys' rows and
   * those of a key with a parked row stay where they are. Only the leader claims, so no transaction is needed.
   */
  claim(limit: number, heldKeys: readonly string[], published: readonly OutboxRow[]): Promise<OutboxRow[]> {
    return this.leading().query(
      `WITH sent AS (DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[]))
       SELECT id, topic, key, payload FROM ledger_outbox o
       WHERE NOT (id = ANY($1::bigint[])) AND parked_at IS NULL AND NOT (key = ANY($3::text[]))
         AND NOT EXISTS (SELECT 1 FROM ledger_outbox p WHERE p.key = o.key AND p.parked_at IS NOT NULL)
       ORDER BY id LIMIT $2`,
      [ids(published), limit, heldKeys],
    );
  }

  async markPublished(published: readonly OutboxRow[]): Promise<void> {
    await this.leading().query(`DELETE FROM ledger_outbox WHERE id = ANY($1::bigint[])`, [ids(published)]);
  }

  async park(row: OutboxRow, error: string): Promise<void> {
    await this.leading().query(`UPDATE ledger_outbox SET parked_at = now(), park_error = $2 WHERE id = $1`, [
      row.id,
      error,
    ]);
  }

  async parkedKeys(): Promise<string[]> {
    const parked: { key: string }[] = await this.leading().query(
      `SELECT DISTINCT key FROM ledger_outbox WHERE parked_at IS NOT NULL`,
    );
    return parked.map((p) => p.key);
  }

  private leading(): QueryRunner {
    if (!this.runner) throw new Error('only the leading relay uses the outbox');
    return this.runner;
  }
}

const ids = (rows: readonly OutboxRow[]): string[] => rows.map((r) => r.id);
