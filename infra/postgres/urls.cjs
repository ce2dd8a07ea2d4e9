// The one place the default connection URLs are written down (infra scripts and test-support use it).
const DEFAULT_SERVER = 'postgres://postgres@127.0.0.1:5432';

function databaseUrl() {
  return process.env.DATABASE_URL ?? `${DEFAULT_SERVER}/casino`;
}

function testDatabaseUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL;
  const url = new URL(databaseUrl());
  url.pathname = `${url.pathname}_test`;
  return url.toString();
}

module.exports = { databaseUrl, testDatabaseUrl };
