import 'reflect-metadata';
import { runMigrationCommand } from '@casino/observability';
import { DataSource } from 'typeorm';
import { ledgerDataSourceOptions, runLedgerMigrations } from '../database/data-source';

/**
 * The ledger's migration command: the production migration Job's (infra/deploy, with LEDGER_MIGRATIONS_RUN=false on
 * the ledger itself) and `npm run migrate -- ledger`'s.
 */
runMigrationCommand({
  database: 'the ledger’s database',
  upDetail: 'one transaction, under the ledger’s migration lock',
  readUrl: () => process.env.DATABASE_URL,
  open: async (url) => {
    const ds = new DataSource({ ...ledgerDataSourceOptions(url, 2), logging: ['error'] });
    await ds.initialize();
    return {
      up: () => runLedgerMigrations(ds),
      down: async () => {
        const [last] = await ranMigrations(ds);
        await ds.undoLastMigration({ transaction: 'all' });
        return last ?? 'none';
      },
      status: async () => {
        const done = new Set(await ranMigrations(ds));
        return ds.migrations.map((m) => ({ name: m.name ?? '', run: done.has(m.name ?? '') }));
      },
      close: () => ds.destroy(),
    };
  },
});

/** The names of the migrations run, newest first (none before the first run). */
async function ranMigrations(ds: DataSource): Promise<string[]> {
  const [{ present }] = await ds.query<{ present: boolean }[]>(
    `SELECT to_regclass('migrations') IS NOT NULL AS present`,
  );
  if (!present) return [];
  const rows = await ds.query<{ name: string }[]>(
    'SELECT name FROM migrations ORDER BY timestamp DESC, id DESC',
  );
  return rows.map((r) => r.name);
}
