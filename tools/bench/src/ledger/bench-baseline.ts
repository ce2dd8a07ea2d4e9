import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** The naive design the ledger is compared with: one INSERT + UPDATE transaction per bet. */
const SCRIPT = `\\set pid random(1, 1000)
\\set stake random(100, 2000)
BEGIN;
UPDATE bench_baseline_wallets SET balance = balance - :stake WHERE id = :pid;
INSERT INTO bench_baseline_bets (player_id, stake) VALUES (:pid, :stake);
COMMIT;
`;

async function prepare(url: string): Promise<void> {
  const c = new Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(
      `CREATE TABLE IF NOT EXISTS bench_baseline_wallets (id int PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0))`,
    );
    await c.query(`CREATE TABLE IF NOT EXISTS bench_baseline_bets (id bigserial PRIMARY KEY, player_id int NOT NULL,
      stake bigint NOT NULL, placed_at timestamptz NOT NULL DEFAULT now())`);
    await c.query(`INSERT INTO bench_baseline_wallets SELECT g, 1000000000000 FROM generate_series(1, 1000) g
      ON CONFLICT DO NOTHING`);
  } finally {
    await c.end();
  }
}

export interface Baseline {
  tps: number;
  method: string;
}

/** pgbench when installed (8 clients, 2 threads), else the same transaction from 8 node-postgres clients. */
export async function measureBaseline(url: string, seconds: number): Promise<Baseline> {
  await prepare(url);
  const u = new URL(url);
  const file = path.join(tmpdir(), `ledger-baseline-${process.pid}.sql`);
  writeFileSync(file, SCRIPT);
  const args = [
    '-n',
    '-c',
    '8',
    '-j',
    '2',
    '-T',
    String(seconds),
    '-f',
    file,
    '-h',
    u.hostname,
    '-p',
    u.port || '5432',
  ];
  if (u.username) args.push('-U', decodeURIComponent(u.username));
  args.push(u.pathname.slice(1));
  const run = spawnSync('pgbench', args, {
    encoding: 'utf8',
    env: { ...process.env, PGPASSWORD: decodeURIComponent(u.password) },
  });
  const tps = /tps = ([0-9.]+)/.exec(run.stdout ?? '');
  if (run.status === 0 && tps)
    return { tps: Number(tps[1]), method: 'pgbench -c 8 -j 2, BEGIN; UPDATE; INSERT; COMMIT' };
  return { tps: await nodeBaseline(url, seconds), method: 'node-postgres x8, BEGIN; UPDATE; INSERT; COMMIT' };
}

async function nodeBaseline(url: string, seconds: number): Promise<number> {
  const end = Date.now() + seconds * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 8 }, async (_, w) => {
      const c = new Client({ connectionString: url });
      await c.connect();
      let i = w;
      while (Date.now() < end) {
        const pid = (i++ % 1000) + 1;
        await c.query('BEGIN');
        await c.query(`UPDATE bench_baseline_wallets SET balance = balance - 100 WHERE id = $1`, [pid]);
        await c.query(`INSERT INTO bench_baseline_bets (player_id, stake) VALUES ($1, 100)`, [pid]);
        await c.query('COMMIT');
        done++;
      }
      await c.end();
    }),
  );
  return done / seconds;
}
