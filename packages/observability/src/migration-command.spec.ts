import { MigrationCommand, migrationCommand } from './migration-command';

function fakeCommand(url: string | undefined) {
  const calls: string[] = [];
  const cmd: MigrationCommand = {
    database: 'the test database',
    upDetail: 'one transaction',
    readUrl: () => url,
    open: async (u) => {
      calls.push(`open ${u}`);
      return {
        up: async () => ['M2', 'M3'],
        down: async () => 'M3',
        status: async () => [
          { name: 'M1', run: true },
          { name: 'M2', run: false },
        ],
        close: async () => void calls.push('close'),
      };
    },
  };
  return { cmd, calls };
}

async function run(cmd: MigrationCommand, argv: string[]) {
  let out = '';
  let err = '';
  const code = await migrationCommand(
    cmd,
    argv,
    { write: (s: string) => ((out += s), true) },
    { write: (s: string) => ((err += s), true) },
  );
  return { code, out, err };
}

describe('migrationCommand', () => {
  it('runs up, down and status against the database and closes it', async () => {
    const { cmd, calls } = fakeCommand('postgres://x/db');
    expect(await run(cmd, ['up'])).toMatchObject({ code: 0, out: 'migrations run: M2, M3\n' });
    expect(await run(cmd, ['down'])).toMatchObject({ code: 0, out: 'migration reverted: M3\n' });
    expect(await run(cmd, ['status'])).toMatchObject({ code: 0, out: '[x] M1\n[ ] M2\n' });
    expect(calls).toEqual([
      'open postgres://x/db',
      'close',
      'open postgres://x/db',
      'close',
      'open postgres://x/db',
      'close',
    ]);
  });

  it('exits 2 with the usage on a bad command and without opening anything', async () => {
    const { cmd, calls } = fakeCommand('postgres://x/db');
    for (const argv of [[], ['sideways'], ['up', 'extra']]) {
      const r = await run(cmd, argv);
      expect(r.code).toBe(2);
      expect(r.err).toContain('usage: migrate.js <up|down|status>   (the test database');
    }
    expect(calls).toEqual([]);
  });

  it('exits 2 naming DATABASE_URL when no database is set', async () => {
    const { cmd, calls } = fakeCommand(undefined);
    expect(await run(cmd, ['up'])).toMatchObject({
      code: 2,
      err: 'ERROR: set DATABASE_URL or DATABASE_URL_FILE (the test database)\n',
    });
    expect(calls).toEqual([]);
  });
});
