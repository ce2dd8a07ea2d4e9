import { Pool, PoolClient } from 'pg';
import { GameMigration } from './game-migration';
import { GAME_MIGRATIONS } from './game-migrations';

/** Which migrations a database has run, like TypeORM's `migrations` table in the ledger's database. */
const HISTORY = `CREATE TABLE IF NOT EXISTS game_schema_migrations (
  name text PRIMARY KEY,
  run_at timestamptz NOT NULL DEFAULT now())`;

/** Instances and the migration Job starting together migrate one at a time (held to the transaction's end). */
const LOCK = "SELECT pg_advisory_xact_lock(hashtext('game_schema_migrations'))";

export type GameMigrationErrorCode =
  'SCHEMA_BEHIND' | 'SCHEMA_AHEAD' | 'NOT_LAST_MIGRATION' | 'NOTHING_TO_REVERT';

export class GameMigrationError extends Error {
  constructor(
    readonly code: GameMigrationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'GameMigrationError';
  }
}

/** In one transaction under the lock: the whole of `work`, or nothing. */
async function locked<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(LOCK);
    await client.query(HISTORY);
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}

async function applied(client: PoolClient): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    'SELECT name FROM game_schema_migrations ORDER BY name',
  );
  return rows.map((r) => r.name);
}

/** Runs every migration not yet run, in order, in one transaction; returns their names. */
export async function runGameMigrations(
  pool: Pool,
  migrations: readonly GameMigration[] = GAME_MIGRATIONS,
): Promise<string[]> {
  return locked(pool, async (client) => {
    const done = new Set(await applied(client));
    const ran: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      for (const sql of m.up) await client.query(sql);
      await client.query('INSERT INTO game_schema_migrations (name) VALUES ($1)', [m.name]);
      ran.push(m.name);
    }
    return ran;
  });
}

/**
 * Reverts the last migration run (`expected`, when given, must be it: a command that means one step never undoes
 * another); returns its name.
 */
export async function revertGameMigration(
  pool: Pool,
  expected?: string,
  migrations: readonly GameMigration[] = GAME_MIGRATIONS,
): Promise<string> {
  return locked(pool, async (client) => {
    const last = (await applied(client)).at(-1);
    if (last === undefined) throw new GameMigrationError('NOTHING_TO_REVERT', 'no game migration has run');
    if (expected !== undefined && last !== expected)
      throw new GameMigrationError(
        'NOT_LAST_MIGRATION',
        `${expected} is not the last migration run (${last} is): revert the later ones first`,
      );
    const m = migrations.find((x) => x.name === last);
    if (!m) throw new GameMigrationError('SCHEMA_AHEAD', `${last} is unknown to this version`);
    for (const sql of m.down) await client.query(sql);
    await client.query('DELETE FROM game_schema_migrations WHERE name = $1', [last]);
    return last;
  });
}

/** Each known migration and whether it has run, for `status`. */
export async function gameMigrationStatus(
  pool: Pool,
  migrations: readonly GameMigration[] = GAME_MIGRATIONS,
): Promise<{ name: string; run: boolean }[]> {
  const { rows } = await pool
    .query<{ name: string }>('SELECT name FROM game_schema_migrations')
    .catch((err: { code?: string }) => {
      // 42P01: the history table does not exist yet, nothing has run.
      if (err.code === '42P01') return { rows: [] as { name: string }[] };
      throw err;
    });
  const done = new Set(rows.map((r) => r.name));
  return migrations.map((m) => ({ name: m.name, run: done.has(m.name) }));
}

/**
 * At boot with migrations left to the migration Job (DB_MIGRATIONS_RUN=false): refuses a schema this version does
 * not match, naming what is missing or unknown.
 */
export async function assertGameSchemaCurrent(
  pool: Pool,
  migrations: readonly GameMigration[] = GAME_MIGRATIONS,
): Promise<void> {
  const status = await gameMigrationStatus(pool, migrations);
  const missing = status.filter((s) => !s.run).map((s) => s.name);
  if (missing.length > 0)
    throw new GameMigrationError(
      'SCHEMA_BEHIND',
      `the database lacks migration(s) ${missing.join(', ')}: run the game migrations first (docs/deployment.md#migrations)`,
    );
}
