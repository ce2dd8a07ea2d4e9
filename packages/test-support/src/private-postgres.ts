import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './script-broker';

/** pg_ctl's shutdown modes: `fast` rolls back and closes cleanly, `immediate` is crash-like (WAL recovery next). */
export type PostgresStopMode = 'smart' | 'fast' | 'immediate';

export class PrivatePostgresError extends Error {
  readonly code = 'PRIVATE_POSTGRES';
  constructor(message: string) {
    super(message);
    this.name = 'PrivatePostgresError';
  }
}

/** PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin with initdb (Debian's layout). */
export function postgresBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions.length === 0)
    throw new PrivatePostgresError(`no PostgreSQL server binaries under ${root} (set PG_BIN_DIR)`);
  return join(root, versions[0], 'bin');
}

/** initdb and the server refuse root: as root they run as the `postgres` OS user, who owns the cluster. */
function osUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

/**
 * A PostgreSQL cluster of one test file: initdb into a temporary folder, trust authentication, a free port on
 * 127.0.0.1 only, its socket in the folder. The test may stop it (`fast` or crash-like `immediate`), start it and
 * restart it; the shared server is never touched. `dispose()` stops it and deletes the folder.
 */
export class PrivatePostgres {
  private constructor(
    readonly dir: string,
    readonly port: number,
    private readonly bin: string,
    private readonly asPostgres: boolean,
  ) {}

  /** initdb and start (about 2-5 s). */
  static async launch(): Promise<PrivatePostgres> {
    const bin = postgresBinDir();
    const owner = osUser();
    const dir = mkdtempSync(join(tmpdir(), 'casino-pg-'));
    mkdirSync(join(dir, 'socket'));
    if (owner) for (const d of [dir, join(dir, 'socket')]) chownSync(d, owner.uid, owner.gid);
    const pg = new PrivatePostgres(dir, await freePort(), bin, owner !== undefined);
    try {
      await pg.run('initdb', ['-D', pg.dataDir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
      appendFileSync(
        join(pg.dataDir, 'postgresql.conf'),
        [
          '',
          `port = ${pg.port}`,
          "listen_addresses = '127.0.0.1'",
          `unix_socket_directories = '${join(dir, 'socket')}'`,
          // Only an OS crash needs the flushes; a killed server recovers from the WAL in the page cache.
          'fsync = off',
          '',
        ].join('\n'),
      );
      await pg.start();
    } catch (err) {
      await pg.dispose().catch(() => undefined);
      throw err;
    }
    return pg;
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private run(tool: string, args: string[], timeoutMs = 60_000): Promise<string> {
    const path = join(this.bin, tool);
    const [file, argv] = this.asPostgres
      ? ['runuser', ['-u', 'postgres', '--', path, ...args]]
      : [path, args];
    return new Promise((resolve, reject) => {
      execFile(file, argv, { timeout: timeoutMs, cwd: this.dir }, (err, stdout, stderr) => {
        if (err)
          reject(new PrivatePostgresError(`${tool} ${args.join(' ')} failed: ${err.message}\n${stderr}`));
        else resolve(stdout + stderr);
      });
    });
  }

  /** pg_ctl with the server's log in the folder (a server holding pg_ctl's pipe would keep it from returning). */
  private pgCtl(args: string[]): Promise<string> {
    return this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      ...args,
    ]);
  }

  /** postgres://postgres@127.0.0.1:<port>/<database> */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Creates an empty database and returns its URL. */
  async createDatabase(name: string): Promise<string> {
    const client = new Client({ connectionString: this.url(), connectionTimeoutMillis: 5000 });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
    } finally {
      await client.end();
    }
    return this.url(name);
  }

  async start(): Promise<void> {
    await this.pgCtl(['start']);
  }

  async stop(mode: PostgresStopMode = 'fast'): Promise<void> {
    await this.pgCtl(['stop', '-m', mode]);
  }

  /** pg_ctl restart: stops in `mode` and starts again at once. */
  async restart(mode: PostgresStopMode = 'fast'): Promise<void> {
    await this.pgCtl(['restart', '-m', mode]);
  }

  /** Whether the server runs (pg_ctl status). */
  async running(): Promise<boolean> {
    return this.run('pg_ctl', ['-D', this.dataDir, 'status']).then(
      () => true,
      () => false,
    );
  }

  /** Stops it (immediate: nothing to keep) and deletes its folder. */
  async dispose(): Promise<void> {
    try {
      if (existsSync(join(this.dataDir, 'postmaster.pid'))) await this.stop('immediate');
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
  }
}
