import { Client } from 'pg';
import { testDatabaseUrl } from './urls';
import { uniqueName } from './unique-name';

export interface TestDatabase {
  name: string;
  url: string;
  /** Drops the database, closing whatever connections are still open to it. */
  drop(): Promise<void>;
}

/** Prefix of every per-test-file database, so leftovers of a killed run can be found and dropped. */
export const TEST_DATABASE_PREFIX = 'casino_t_';

function adminUrl(): string {
  const url = new URL(testDatabaseUrl());
  url.pathname = '/postgres';
  return url.toString();
}

async function withAdmin<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the test server: one per test file, so suites run in parallel. */
export async function createTestDatabase(prefix = 'db'): Promise<TestDatabase> {
  const name = uniqueName(TEST_DATABASE_PREFIX + prefix).slice(0, 63);
  await withAdmin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = new URL(testDatabaseUrl());
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdmin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}

/** Drops per-test-file databases older than `olderThanMs` (left by a run that was killed). */
export async function dropStaleTestDatabases(olderThanMs = 60 * 60 * 1000): Promise<string[]> {
  return withAdmin(async (c) => {
    const rows = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
      `${TEST_DATABASE_PREFIX}%`,
    ]);
    const cutoff = Date.now() - olderThanMs;
    const stale = rows.rows
      .map((r) => r.datname)
      .filter((name) => parseInt(name.split('_').at(-2) ?? '', 36) < cutoff);
    for (const name of stale) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return stale;
  });
}
