import { Client } from 'pg';

/** Drops and creates the demo's own database on the server of `serverUrl`, so every demo starts from zero. */
export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
