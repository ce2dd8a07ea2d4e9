import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where `npm run demo` leaves the URL of the database it ran on. */
export const DEMO_DATABASE_FILE = join(__dirname, '../../../../infra/.run/demo/database-url');

const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/casino';

/**
 * The database `ledger:verify` checks: DATABASE_URL when set; otherwise the last demo's, so `npm run demo` then
 * `npm run ledger:verify` checks that run; otherwise the default. `why` says which, for the output.
 */
export function databaseToVerify(
  env: Readonly<Record<string, string | undefined>>,
  demoFile: string,
): { url: string; why: string } {
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, why: 'DATABASE_URL' };
  if (existsSync(demoFile))
    return { url: readFileSync(demoFile, 'utf8').trim(), why: 'the last npm run demo' };
  return { url: DEFAULT_URL, why: 'the default' };
}
