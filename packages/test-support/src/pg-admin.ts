import { Client, QueryResultRow } from 'pg';

/** Runs one query on `url` over a connection of its own. */
export async function queryDatabase<T extends QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** Runs one statement on the server of `serverUrl` as its `postgres` database (CREATE or DROP DATABASE). */
export async function queryServer(serverUrl: string, sql: string): Promise<void> {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  await queryDatabase(url.toString(), sql);
}

/**
 * Ends every connection to `database` but this one, as an operator's pg_terminate_backend would (a failure test's
 * way to drop a service's connections without touching the shared server). Returns how many it ended.
 */
export async function terminateConnections(url: string, database: string): Promise<number> {
  const rows = await queryDatabase<{ ended: boolean }>(
    url,
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`,
    [database],
  );
  return rows.filter((r) => r.ended).length;
}
