// Checks that PostgreSQL answers and creates the platform's databases when missing:
// DATABASE_URL (development and demo) and TEST_DATABASE_URL (tests; per-file databases are made beside it).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Client } = require('pg');
const { databaseUrl, testDatabaseUrl } = require('./urls.cjs');

const urls = [databaseUrl(), testDatabaseUrl()];
for (const url of urls) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (err) {
    console.error(
      `[postgres] ERROR: PostgreSQL is unreachable at ${target.host} (${err.code ?? err.message}). ` +
        'Start the server (Debian: pg_ctlcluster 15 main start) or set DATABASE_URL / TEST_DATABASE_URL.',
    );
    process.exit(1);
  }
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`[postgres] database ${name} created on ${target.host}`);
    } else {
      console.log(`[postgres] database ${name} ready on ${target.host}`);
    }
  } finally {
    await client.end();
  }
}
