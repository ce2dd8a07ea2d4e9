import { runMigrationCommand } from '@casino/observability';
import { Pool } from 'pg';
import { gameMigrationStatus, revertGameMigration, runGameMigrations } from '../game-migrator';

/** The game services' migration command: the production migration Job's (infra/deploy) and `npm run migrate`'s. */
runMigrationCommand({
  database: 'a game service’s database',
  upDetail: 'one transaction',
  readUrl: () => process.env.DATABASE_URL,
  open: async (url) => {
    const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
    return {
      up: () => runGameMigrations(pool),
      down: () => revertGameMigration(pool),
      status: () => gameMigrationStatus(pool),
      close: () => pool.end(),
    };
  },
});
