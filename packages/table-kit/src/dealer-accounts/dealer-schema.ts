import { Pool } from 'pg';

/**
 * The dealer registry's tables, one explicit migration with its way back. `up` is idempotent and runs at every
 * boot (like the snapshot table of PgStateStore); `down` is for the admin command only. One database may serve
 * several game services, so every row carries its service.
 */
export const DEALER_SCHEMA = {
  up: [
    `CREATE TABLE IF NOT EXISTS dealer_accounts (
       service text NOT NULL,
       dealer_id text NOT NULL,
       display_name text NOT NULL,
       password_hash text NOT NULL,
       status text NOT NULL CHECK (status IN ('active', 'suspended')),
       tables text[] NOT NULL,
       created_at timestamptz NOT NULL DEFAULT now(),
       updated_at timestamptz NOT NULL DEFAULT now(),
       PRIMARY KEY (service, dealer_id))`,
    `CREATE TABLE IF NOT EXISTS dealer_audit (
       id bigserial PRIMARY KEY,
       service text NOT NULL,
       at timestamptz NOT NULL DEFAULT now(),
       dealer_id text NOT NULL,
       table_id text,
       action text NOT NULL,
       body text,
       result text NOT NULL,
       client_ip text)`,
    `CREATE INDEX IF NOT EXISTS dealer_audit_by_table ON dealer_audit (service, table_id, at)`,
    `CREATE INDEX IF NOT EXISTS dealer_audit_by_time ON dealer_audit (service, at)`,
  ],
  down: ['DROP TABLE IF EXISTS dealer_audit', 'DROP TABLE IF EXISTS dealer_accounts'],
} as const;

/** Applies one direction of the migration in a transaction (all statements or none). */
export async function migrateDealerSchema(pool: Pool, direction: 'up' | 'down'): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    // Two services booting on one database at once would race on CREATE TABLE IF NOT EXISTS.
    await client.query("SELECT pg_advisory_xact_lock(hashtext('dealer_schema'))");
    for (const sql of DEALER_SCHEMA[direction]) await client.query(sql);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
