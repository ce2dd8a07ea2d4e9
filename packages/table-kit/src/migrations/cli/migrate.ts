import { applyFileVariables } from '@casino/observability';
import { Pool } from 'pg';
import { gameMigrationStatus, revertGameMigration, runGameMigrations } from '../game-migrator';

const USAGE = `usage: migrate.js <up|down|status>   (a game service's database: DATABASE_URL or DATABASE_URL_FILE)
  up      run every pending game migration (one transaction)
  down    revert the last one run
  status  list the migrations and whether each has run`;

/**
 * The game services' migration command: the production migration Job's (infra/deploy) and `npm run migrate`'s.
 * Exit 0 done, 1 failed, 2 bad usage.
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
    process.stderr.write('ERROR: set DATABASE_URL or DATABASE_URL_FILE (the game service’s database)\n');
    return 2;
  }
  const pool = new Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 10_000 });
  try {
    if (command === 'up') {
      const ran = await runGameMigrations(pool);
      process.stdout.write(ran.length > 0 ? `migrations run: ${ran.join(', ')}\n` : 'no pending migration\n');
    } else if (command === 'down') {
      process.stdout.write(`migration reverted: ${await revertGameMigration(pool)}\n`);
    } else {
      for (const m of await gameMigrationStatus(pool))
        process.stdout.write(`${m.run ? '[x]' : '[ ]'} ${m.name}\n`);
    }
    return 0;
  } finally {
    await pool.end();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: Error) => {
    process.stderr.write(`ERROR: ${err.message}\n`);
    process.exit(1);
  },
);
