// The default URLs are written once, in infra/postgres/urls.cjs, which the infra scripts use too.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const urls = require('../../../infra/postgres/urls.cjs') as {
  databaseUrl(): string;
  testDatabaseUrl(): string;
};

export const databaseUrl = (): string => urls.databaseUrl();
export const testDatabaseUrl = (): string => urls.testDatabaseUrl();
