import { passwordSchema } from '../dealer-account';
import { PgDealerStore } from '../dealer.repository';
import { hashPassword } from '@casino/service-kit';
import { DealerCommand, parseDealerArgs, USAGE } from './dealer-args';
import { readPassword } from './read-password';
import { Pool } from 'pg';
import { applyFileVariables } from '@casino/observability';
import { DealerAccounts1764900000003 } from '../../migrations/1764900000003-dealer-accounts';
import { revertGameMigration } from '../../migrations/game-migrator';

/** `npm run dealer -- …`: a game service's dealer registry. Prints no password or hash. */
async function main(argv: string[]): Promise<number> {
  const args = parseDealerArgs(argv);
  if (!args.ok) {
    process.stderr.write(`ERROR: ${args.reason}\n${USAGE}\n`);
    return 2;
  }
  applyFileVariables();
  const url = process.env.DATABASE_URL;
  if (!url) {
    process.stderr.write('ERROR: set DATABASE_URL (the service’s database)\n');
    return 2;
  }
  const cmd = args.value;
  if (cmd.command === 'schema-down') {
    const pool = new Pool({ connectionString: url, max: 1 });
    // Through the migrations' history, so the next boot (or `npm run migrate`) brings the tables back.
    await revertGameMigration(pool, DealerAccounts1764900000003.name).finally(() => pool.end());
    process.stdout.write('dealer tables dropped\n');
    return 0;
  }
  const store = await PgDealerStore.open(url, cmd.service);
  try {
    return await run(store, cmd);
  } finally {
    await store.close();
  }
}

async function newPasswordHash(file: string | undefined): Promise<string> {
  const checked = passwordSchema.safeParse(await readPassword(file));
  if (!checked.success) throw new Error(checked.error.issues[0]?.message ?? 'bad password');
  return hashPassword(checked.data);
}

async function run(
  store: PgDealerStore,
  cmd: Exclude<DealerCommand, { command: 'schema-down' }>,
): Promise<number> {
  const done = (ok: boolean, what: string): number => {
    const id = 'id' in cmd ? cmd.id : '';
    process.stdout.write(ok ? `${what}\n` : `ERROR: no dealer ${id} on ${cmd.service}\n`);
    return ok ? 0 : 1;
  };
  switch (cmd.command) {
    case 'create': {
      const passwordHash = await newPasswordHash(cmd.passwordFile);
      const created = await store.create({
        dealerId: cmd.id,
        displayName: cmd.name,
        passwordHash,
        tables: cmd.tables,
      });
      if (!created) {
        process.stderr.write(`ERROR: dealer ${cmd.id} exists on ${cmd.service}\n`);
        return 1;
      }
      return done(true, `dealer ${cmd.id} created on ${cmd.service} (tables ${cmd.tables.join(',')})`);
    }
    case 'password':
      return done(
        await store.update(cmd.id, { passwordHash: await newPasswordHash(cmd.passwordFile) }),
        `dealer ${cmd.id}: password changed`,
      );
    case 'tables':
      return done(
        await store.update(cmd.id, { tables: cmd.tables }),
        `dealer ${cmd.id}: tables ${cmd.tables.join(',')}`,
      );
    case 'suspend':
    case 'activate': {
      const status = cmd.command === 'suspend' ? 'suspended' : 'active';
      return done(await store.update(cmd.id, { status }), `dealer ${cmd.id}: ${status}`);
    }
    case 'list':
      for (const d of await store.list())
        process.stdout.write(`${d.dealerId}\t${d.status}\t${d.tables.join(',')}\t${d.displayName}\n`);
      return 0;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`ERROR: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
