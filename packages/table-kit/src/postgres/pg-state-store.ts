import { CasinoEvent, encodeEvent } from '@casino/events';
import { Pool } from 'pg';
import { assertGameSchemaCurrent, runGameMigrations } from '../migrations/game-migrator';
import { SnapshotRows } from '../state/snapshot-rows';
import { StateSealer } from '../state/state-sealing';
import { OutboxEntry, StateStore, TableLeaseLost } from '../state/state-store';

/** How long a connection attempt and a statement may take before the caller sees an error (and retries). */
const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 10_000;

/** A table's snapshot base with its rows, in place order. */
const LOAD = `
  SELECT s.snapshot,
    ARRAY(SELECT r.idx FROM game_table_snapshot_rows r WHERE r.table_id = s.table_id ORDER BY r.idx) AS places,
    ARRAY(SELECT r.row FROM game_table_snapshot_rows r WHERE r.table_id = s.table_id ORDER BY r.idx) AS rows
  FROM game_table_snapshots s WHERE s.table_id = $1`;

/**
 * Takes a table's lease, whoever held it: the epoch goes up, so the earlier owner's next commit finds its epoch
 * stale and changes nothing.
 */
const CLAIM = `
  INSERT INTO game_table_leases (table_id, owner, epoch) VALUES ($1, $2, 1)
  ON CONFLICT (table_id) DO UPDATE SET owner = EXCLUDED.owner, epoch = game_table_leases.epoch + 1,
    acquired_at = now()
  RETURNING epoch::text AS epoch`;

/**
 * The snapshot upsert (its base, the bet rows that changed, the rows from its count on deleted) and the outbox
 * insert in ONE statement (atomic without a transaction block, one round trip), done only while the instance still
 * holds the table's lease at `epoch`: the lease row is read FOR SHARE, so a takeover waits for a commit in flight and
 * every later commit of the old owner writes nothing. The rows written (places below the count) and those deleted
 * are never the same. Events keep their order: unnest WITH ORDINALITY yields them in array order and seq follows it.
 */
const COMMIT = `
  WITH lease AS (
    SELECT 1 FROM game_table_leases WHERE table_id = $2 AND epoch = $6::bigint FOR SHARE),
  snapshot AS (
    INSERT INTO game_table_snapshots (table_id, saved_by, snapshot) SELECT $2, $1, $3 FROM lease
    ON CONFLICT (table_id) DO UPDATE
      SET snapshot = EXCLUDED.snapshot, saved_by = EXCLUDED.saved_by, updated_at = now()),
  stale_rows AS (
    DELETE FROM game_table_snapshot_rows r USING lease WHERE r.table_id = $2 AND r.idx >= $7),
  rows AS (
    INSERT INTO game_table_snapshot_rows (table_id, idx, row)
    SELECT $2, x.idx, x.row FROM lease, unnest($8::int[], $9::text[]) AS x(idx, row)
    ON CONFLICT (table_id, idx) DO UPDATE SET row = EXCLUDED.row),
  added AS (
    INSERT INTO game_table_outbox (instance, table_id, event_id, event)
    SELECT $1, $2, e.id, e.body FROM lease, unnest($4::text[], $5::text[]) WITH ORDINALITY AS e(id, body, n)
    ORDER BY e.n
    ON CONFLICT (event_id) DO NOTHING
    RETURNING event_id)
  SELECT EXISTS (SELECT 1 FROM lease) AS held, ARRAY(SELECT event_id FROM added) AS added`;

const LEASED = new Set<string>(['RoundOpened', 'BettingClosed', 'RoundResult', 'RoundVoided']);

/**
 * A round event as published: stamped with the lease its commit is fenced by (this instance, the epoch), which the
 * ledger records and checks (docs/kafka-security.md#who-runs-a-table-the-table-lease). Other events go as they are.
 */
function withLease(event: CasinoEvent, holder: string, epoch: string): CasinoEvent {
  return LEASED.has(event.type)
    ? ({ ...event, lease: { holder, epoch: Number(epoch) } } as CasinoEvent)
    : event;
}

/**
 * Table snapshots and the outbox in PostgreSQL: one snapshot row per table (a live round's bets a row each, see
 * SnapshotRows), overwritten with every table step by the instance holding the table's lease, and the events of
 * each step in the same statement. Its tables are the game migrations' (src/migrations/): run at open, or (with
 * `migrate: false`, when the migration Job runs them) only checked. A lost connection is reported (`log`) and
 * replaced by the pool; it never crashes the process, and the failing call rejects so its caller retries.
 */
export class PgStateStore implements StateStore {
  private readonly pool: Pool;
  /** The tables this instance holds, with the epoch of its lease. */
  private readonly epochs = new Map<string, string>();
  private readonly rows: SnapshotRows;

  private constructor(
    url: string,
    private readonly instance: string,
    log: (message: string) => void,
    sealer: StateSealer,
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
    this.rows = new SnapshotRows(sealer);
  }

  /**
   * `sealer` encrypts every saved snapshot (the outbox holds only events already public when committed). `migrate`
   * (default true) runs the pending game migrations; false refuses a database that lacks one.
   */
  static async open(
    url: string,
    instance: string,
    log: (message: string) => void,
    sealer: StateSealer,
    options: { migrate?: boolean } = {},
  ): Promise<PgStateStore> {
    const store = new PgStateStore(url, instance, log, sealer);
    try {
      if (options.migrate ?? true) {
        const ran = await runGameMigrations(store.pool);
        if (ran.length > 0) log(`state store: migrations run: ${ran.join(', ')}`);
      } else await assertGameSchemaCurrent(store.pool);
    } catch (err) {
      await store.close().catch(() => undefined);
      throw err;
    }
    return store;
  }

  async load(tableId: string): Promise<unknown | undefined> {
    const { rows } = await this.pool.query<{ snapshot: string; places: number[]; rows: string[] }>(LOAD, [
      tableId,
    ]);
    if (rows.length === 0) return undefined;
    const { snapshot, places, rows: saved } = rows[0];
    // Rows stand at places 0, 1, 2…: a gap is a row missing (decode refuses a count it cannot fill).
    const gap = places.findIndex((place, i) => place !== i);
    return this.rows.decode(tableId, snapshot, gap < 0 ? saved : saved.slice(0, gap));
  }

  async claim(tableId: string): Promise<void> {
    const { rows } = await this.pool.query<{ epoch: string }>(CLAIM, [tableId, this.instance]);
    this.epochs.set(tableId, rows[0].epoch);
    this.rows.forget(tableId);
  }

  release(tableId: string): void {
    this.epochs.delete(tableId);
  }

  async commit(tableId: string, snapshot: unknown, events: readonly CasinoEvent[]): Promise<string[]> {
    const epoch = this.epochs.get(tableId);
    if (epoch === undefined) throw new TableLeaseLost(tableId);
    const encoded = this.rows.encode(tableId, snapshot);
    const { rows } = await this.pool.query<{ held: boolean; added: string[] }>(COMMIT, [
      this.instance,
      tableId,
      encoded.base,
      events.map((e) => e.id),
      events.map((e) => encodeEvent(withLease(e, this.instance, epoch))),
      epoch,
      encoded.rowCount,
      encoded.rowPlaces,
      encoded.rows,
    ]);
    if (!rows[0].held) {
      this.epochs.delete(tableId);
      throw new TableLeaseLost(tableId);
    }
    this.rows.remember(tableId, encoded);
    return rows[0].added;
  }

  async unsent(limit: number, holdTables: readonly string[] = []): Promise<OutboxEntry[]> {
    const held = new Set(holdTables);
    const tables = [...this.epochs.keys()].filter((t) => !held.has(t));
    if (tables.length === 0) return [];
    const { rows } = await this.pool.query<{
      seq: string;
      table_id: string;
      event_id: string;
      event: string;
    }>(
      `SELECT seq::text AS seq, table_id, event_id, event FROM game_table_outbox o
       WHERE table_id = ANY($1::text[]) AND sent_at IS NULL AND parked_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM game_table_outbox p
                         WHERE p.table_id = o.table_id AND p.parked_at IS NOT NULL)
       ORDER BY o.seq LIMIT $2`,
      [tables, limit],
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
       WHERE table_id = ANY($1::text[]) AND sent_at < now() - make_interval(secs => $2::double precision)`,
      [[...this.epochs.keys()], olderThanMs / 1000],
    );
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
