import { Pool } from 'pg';
import { fromSnapshotJson, toSnapshotJson } from './json-codec';
import { StateStore } from './state-store';

/**
 * Table snapshots in PostgreSQL: one row per (service instance, table), overwritten after every table step.
 * The table is created at startup if missing, so a service needs no migration tool for it.
 */
export class PgStateStore implements StateStore {
  private readonly pool: Pool;

  private constructor(
    url: string,
    private readonly instance: string,
  ) {
    this.pool = new Pool({ connectionString: url, max: 4 });
  }

  static async open(url: string, instance: string): Promise<PgStateStore> {
    const store = new PgStateStore(url, instance);
    await store.pool.query(
      `CREATE TABLE IF NOT EXISTS game_table_snapshots (
         instance text NOT NULL,
         table_id text NOT NULL,
         snapshot text NOT NULL,
         updated_at timestamptz NOT NULL DEFAULT now(),
         PRIMARY KEY (instance, table_id))`,
    );
    return store;
  }

  async load(tableId: string): Promise<unknown | undefined> {
    const { rows } = await this.pool.query<{ snapshot: string }>(
      'SELECT snapshot FROM game_table_snapshots WHERE instance = $1 AND table_id = $2',
      [this.instance, tableId],
    );
    return rows.length === 0 ? undefined : fromSnapshotJson(rows[0].snapshot);
  }

  async save(tableId: string, snapshot: unknown): Promise<void> {
    await this.pool.query(
      `INSERT INTO game_table_snapshots (instance, table_id, snapshot) VALUES ($1, $2, $3)
       ON CONFLICT (instance, table_id) DO UPDATE SET snapshot = EXCLUDED.snapshot, updated_at = now()`,
      [this.instance, tableId, toSnapshotJson(snapshot)],
    );
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
