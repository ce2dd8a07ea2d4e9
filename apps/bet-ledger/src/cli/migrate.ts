import 'reflect-metadata';
import { applyFileVariables } from '@casino/observability';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions, runLedgerMigrations } from '../database/data-source';

const USAGE = `usage: migrate.js <up|down|status>   (the ledger's database: DATABASE_URL or DATABASE_URL_FILE)
  up      run every pending migration (one transaction, under the ledger's migration lock)
  down    revert the last one run
  status  list the migrations and whether each has run`;

/**
 * The ledger's migration command: the production migration Job's (infra/deploy, with LEDGER_MIGRATIONS_RUN=false on
 * the ledger itself) and `npm run migrate -- ledger`'s. Exit 0 done, 1 failed, 2 bad usage.
 */
async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!['up', 'down', 'status'].includes(command ?? '') || rest.length > 0) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  applyFileVariables();
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('ERROR: set DATABASE_URL or DATABASE_URL_FILE (the ledger’s database)\n');
    return 2;
  }
  const ds = new DataSource({ ...ledgerDataSourceOptions(url, 2), logging: ['error'] });
  await ds.initialize();
  try {
    if (command === 'up') {
      const ran = await runLedgerMigrations(ds);
      process.stdout.write(ran.length > 0 ? `migrations run: ${ran.join(', ')}\n` : 'no pending migration\n');
    } else if (command === 'down') {
      await ds.undoLastMigration({ transaction: 'all' });
      process.stdout.write('last migration reverted\n');
    } else {
      const [{ present }] = await ds.query<{ present: boolean }[]>(
        `SELECT to_regclass('migrations') IS NOT NULL AS present`,
      );
      const rows = present ? await ds.query<{ name: string }[]>('SELECT name FROM migrations') : [];
      const done = new Set(rows.map((r) => r.name));
      for (const m of ds.migrations)
        process.stdout.write(`${done.has(m.name ?? '') ? '[x]' : '[ ]'} ${m.name}\n`);
    }
    return 0;
  } finally {
    await ds.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`ERROR: ${err.message}\n`);
    process.exit(1);
  },
);
