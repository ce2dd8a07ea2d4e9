import { applyFileVariables } from './file-variables';

/** One database's migrations, as a migrate command drives them. */
export interface MigrationTarget {
  /** Runs every pending migration; the names run. */
  up(): Promise<string[]>;
  /** Reverts the last migration run; its name. */
  down(): Promise<string>;
  status(): Promise<{ name: string; run: boolean }[]>;
  close(): Promise<void>;
}

export interface MigrationCommand {
  /** Whose database, for the messages ("the ledger's database"). */
  database: string;
  /** What `up` does beyond running the pending migrations (its usage line). */
  upDetail: string;
  /** The database URL, read after the `*_FILE` secrets are applied (DATABASE_URL in every service). */
  readUrl(): string | undefined;
  open(url: string): Promise<MigrationTarget>;
}

/**
 * A migrate command (`up`, `down`, `status`): the production migration Jobs' (infra/deploy) and `npm run migrate`'s.
 * Resolves to the exit code: 0 done, 1 failed, 2 bad usage.
 */
export async function migrationCommand(
  cmd: MigrationCommand,
  argv: readonly string[],
  out: Pick<NodeJS.WriteStream, 'write'> = process.stdout,
  err: Pick<NodeJS.WriteStream, 'write'> = process.stderr,
): Promise<number> {
  const [command, ...rest] = argv;
  if (!['up', 'down', 'status'].includes(command ?? '') || rest.length > 0) {
    err.write(
      `usage: migrate.js <up|down|status>   (${cmd.database}: DATABASE_URL or DATABASE_URL_FILE)\n` +
        `  up      run every pending migration (${cmd.upDetail})\n` +
        '  down    revert the last one run\n' +
        '  status  list the migrations and whether each has run\n',
    );
    return 2;
  }
  applyFileVariables();
  const url = cmd.readUrl();
  if (!url) {
    err.write(`ERROR: set DATABASE_URL or DATABASE_URL_FILE (${cmd.database})\n`);
    return 2;
  }
  const target = await cmd.open(url);
  try {
    if (command === 'up') {
      const ran = await target.up();
      out.write(ran.length > 0 ? `migrations run: ${ran.join(', ')}\n` : 'no pending migration\n');
    } else if (command === 'down') {
      out.write(`migration reverted: ${await target.down()}\n`);
    } else {
      for (const m of await target.status()) out.write(`${m.run ? '[x]' : '[ ]'} ${m.name}\n`);
    }
    return 0;
  } finally {
    await target.close();
  }
}

/** Runs a migrate command as the process's main and exits with its code. */
export function runMigrationCommand(cmd: MigrationCommand): void {
  migrationCommand(cmd, process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: Error) => {
      process.stderr.write(`ERROR: ${e.message}\n`);
      process.exit(1);
    },
  );
}
