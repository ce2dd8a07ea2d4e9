import { CasinoEvent, encodeEvent } from '@casino/events';
import { Pool } from 'pg';
import { fromSnapshotJson, toSnapshotJson } from './json-codec';
import { StateSealer } from './state-sealing';
import { OutboxEntry, StateStore } from './state-store';

/** How long a connection attempt and a statement may take before the caller sees an error (and retries). */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS game_table_snapshots (
    instance text NOT NULL,
    table_id text NOT NULL,
    snapshot text NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (instance, table_id));
  CREATE TABLE IF NOT EXISTS game_table_outbox (
    seq bigserial PRIMARY KEY,
    instance text NOT NULL,
    table_id text NOT NULL,
    event_id text NOT NULL UNIQUE,
    event text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    sent_at timestamptz);
  CREATE INDEX IF NOT EXISTS game_table_outbox_unsent ON game_table_outbox (instance, seq) WHERE sent_at IS NULL;`;

/**
 * Events Kafka refused for good are parked in place (when and why); a partial index finds the tables with one.
 * `up` is idempotent and runs at every start with SCHEMA; `down` is the way back, for an operator.
 */
export const OUTBOX_PARKING = {
  up: `
    ALTER TABLE game_table_outbox ADD COLUMN IF NOT EXISTS parked_at timestamptz,
      ADD COLUMN IF NOT EXISTS park_error text;
    CREATE INDEX IF NOT EXISTS game_table_outbox_parked ON game_table_outbox (instance, table_id)
      WHERE parked_at IS NOT NULL;`,
  down: `
    DROP INDEX IF EXISTS game_table_outbox_parked;
    ALTER TABLE game_table_outbox DROP COLUMN IF EXISTS park_error, DROP COLUMN IF EXISTS parked_at;`,
} as const;

/**
 * The snapshot upsert and the outbox insert in ONE statement (atomic without a transaction block, one round
 * trip). Events keep their order: unnest WITH ORDINALITY yields them in array order and seq follows it.
 */
const COMMIT = `
  WITH snapshot AS (
    INSERT INTO game_table_snapshots (instance, table_id, snapshot) VALUES ($1, $2, $3)
    ON CONFLICT (instance, table_id) DO UPDATE SET snapshot = EXCLUDED.snapshot, updated_at = now())
  INSERT INTO game_table_outbox (instance, table_id, event_id, event)
  SELECT $1, $2, e.id, e.body FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS e(id, body, n)
  ORDER BY e.n
  ON CONFLICT (event_id) DO NOTHING
  RETURNING event_id`;

/**
 * Table snapshots and the outbox in PostgreSQL: one snapshot row per (service instance, table), overwritten with
 * every table step, and the events of each step in the same statement. The tables are created at startup if
 * missing, so a service needs no migration tool for them. A lost connection is reported (`log`) and replaced by
 * the pool; it never crashes the process, and the failing call rejects so its caller retries.
 */
export class PgStateStore implements StateStore {
  private readonly pool: Pool;

  private constructor(
    url: string,
    private readonly instance: string,
    log: (message: string) => void,
    private readonly sealer: StateSealer,
  ) {
    this.pool = new Pool({
      connectionString: url,
      max: 4,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
      idleTimeoutMillis: 30_000,
    });
    // An idle client whose connection dies (server restart, pg_terminate_backend) emits 'error' on the pool;
    // unhandled, that event would end the process.
    this.pool.on('error', (err) => log(`state store: idle connection lost (${err.message})`));
  }

  /** `sealer` encrypts every saved snapshot (the outbox holds only events already public when committed). */
  static async open(
    url: string,
    instance: string,
    log: (message: string) => void,
    sealer: StateSealer,
  ): Promise<PgStateStore> {
    const store = new PgStateStore(url, instance, log, sealer);
    try {
      await store.pool.query(SCHEMA + OUTBOX_PARKING.up);
    } catch (err) {
      await store.close().catch(() => undefined);
      throw err;
    }
    return store;
  }

  async load(tableId: string): Promise<unknown | undefined> {
    const { rows } = await this.pool.query<{ snapshot: string }>(
      'SELECT snapshot FROM game_table_snapshots WHERE instance = $1 AND table_id = $2',
      [this.instance, tableId],
    );
    // A plaintext row (saved before sealing) still loads; the next commit seals it. A bad blob throws.
    return rows.length === 0 ? undefined : fromSnapshotJson(this.sealer.openRow(tableId, rows[0].snapshot));
  }

  async commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    const { rows } = await this.pool.query<{ event_id: string }>(COMMIT, [
      this.instance,
      tableId,
      this.sealer.seal(tableId, toSnapshotJson(snapshot)),
      events.map((e) => e.id),
      events.map(encodeEvent),
    ]);
    return rows.map((r) => r.event_id);
  }

  async unsent(limit: number, holdTables: readonly string[] = []): Promise<OutboxEntry[]> {
    const { rows } = await this.pool.query<{
      seq: string;
      table_id: string;
      event_id: string;
      event: string;
    }>(
      `SELECT seq::text AS seq, table_id, event_id, event FROM game_table_outbox o
       WHERE instance = $1 AND sent_at IS NULL AND parked_at IS NULL AND NOT (table_id = ANY($3::text[]))
         AND NOT EXISTS (SELECT 1 FROM game_table_outbox p
                         WHERE p.instance = o.instance AND p.table_id = o.table_id AND p.parked_at IS NOT NULL)
       ORDER BY o.seq LIMIT $2`,
      [this.instance, limit, holdTables],
    );
    return rows.map((r) => ({ seq: r.seq, tableId: r.table_id, eventId: r.event_id, event: r.event }));
  }

  async markSent(seqs: readonly string[]): Promise<void> {
    if (seqs.length === 0) return;
    await this.pool.query('UPDATE game_table_outbox SET sent_at = now() WHERE seq = ANY($1::bigint[])', [
      seqs,
    ]);
  }

  async park(seq: string, error: string): Promise<void> {
    await this.pool.query('UPDATE game_table_outbox SET parked_at = now(), park_error = $2 WHERE seq = $1', [
      seq,
      error,
    ]);
  }

  async purgeSent(olderThanMs: number): Promise<void> {
    await this.pool.query(
      `DELETE FROM game_table_outbox
       WHERE instance = $1 AND sent_at < now() - make_interval(secs => $2::double precision)`,
      [this.instance, olderThanMs / 1000],
    );
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
