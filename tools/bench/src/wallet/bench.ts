import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { callOperatorWallet, WalletEndpoint } from '@casino/operator-protocol';
import { Client } from 'pg';
import { measureBaseline } from '../ledger/bench-baseline';
import { freePort } from '../ledger/bench-seamless';

/**
 * `npm run bench:wallet`: the reference operator wallet (apps/operator-wallet) as a process on a fresh database,
 * its debit endpoint called by --concurrency signed calls in flight for --seconds, each for the next of --players
 * funded players in turn. Prints calls/s and the call's p50/p99 beside a same-run pgbench baseline. `--json`
 * prints one JSON object.
 */
const argv = process.argv.slice(2);
const num = (name: string, def: number) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : def;
};
const JSON_OUT = argv.includes('--json');
const CONCURRENCY = num('concurrency', 64);
const SECONDS = num('seconds', 10);
const PLAYERS = num('players', 2_000);
const ROOT = join(__dirname, '../../../..');
const say = (line: string) => (JSON_OUT ? console.error(line) : console.log(line));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function admin(serverUrl: string, sql: string): Promise<void> {
  const c = new Client({ connectionString: serverUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function startWallet(
  dbUrl: string,
  endpoint: WalletEndpoint,
  adminToken: string,
): Promise<ChildProcess> {
  const port = new URL(endpoint.baseUrl).port;
  const child = spawn(process.execPath, [join(ROOT, 'apps/operator-wallet/dist/main.js')], {
    env: {
      ...process.env,
      HTTP_PORT: port,
      DATABASE_URL: dbUrl,
      OPERATOR_KEY_ID: endpoint.keyId,
      OPERATOR_KEY_SECRET: endpoint.secret,
      OPERATOR_WALLET_ADMIN_TOKEN: adminToken,
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await sleep(200)) {
    if (child.exitCode !== null) throw new Error(`operator wallet exited (${child.exitCode})`);
    if (
      await fetch(`${endpoint.baseUrl}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  throw new Error('operator wallet not healthy in 30 s');
}

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_wallet_${process.pid}`;
  const base = new URL(server);
  base.pathname = '/postgres';
  const dbUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  await admin(base.toString(), `CREATE DATABASE ${name}`);
  let child: ChildProcess | undefined;
  try {
    say(`baseline: 5 s of one INSERT+UPDATE transaction per call on the same PostgreSQL...`);
    const baseline = await measureBaseline(dbUrl, 5);
    say(`  ${Math.round(baseline.tps)} tx/s (${baseline.method})`);
    const adminToken = randomBytes(24).toString('hex');
    const endpoint: WalletEndpoint = {
      baseUrl: `http://127.0.0.1:${await freePort()}`,
      keyId: 'ck_bench',
      secret: randomBytes(32).toString('hex'),
    };
    child = await startWallet(dbUrl, endpoint, adminToken);
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        for (let p = next++; p < PLAYERS; p = next++)
          await fetch(`${endpoint.baseUrl}/admin/players/wp${p}`, {
            method: 'PUT',
            headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
            body: JSON.stringify({ currency: 'EUR', balance: '1000000000000' }),
          });
      }),
    );
    say(`${CONCURRENCY} debits in flight for ${SECONDS} s over ${PLAYERS} players...`);
    const latencies: number[] = [];
    let ok = 0;
    let calls = 0;
    const end = Date.now() + SECONDS * 1_000;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (Date.now() < end) {
          const transactionId = `debit:${randomUUID()}`;
          const started = performance.now();
          const outcome = await callOperatorWallet(
            endpoint,
            'debit',
            {
              transactionId,
              playerId: `wp${calls++ % PLAYERS}`,
              currency: 'EUR',
              amount: 100n,
              game: 'baccarat',
              tableId: 'bench-table',
              roundId: 'bench-round',
              betId: transactionId,
            },
            10_000,
          );
          latencies.push(performance.now() - started);
          if (outcome.kind === 'answered' && outcome.answer.status === 'ok') ok++;
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const at = (q: number) => Math.round(latencies[Math.floor((latencies.length - 1) * q)] * 100) / 100;
    const result = {
      concurrency: CONCURRENCY,
      callsPerSec: Math.round(latencies.length / SECONDS),
      answeredOk: ok,
      calls: latencies.length,
      callP50Ms: at(0.5),
      callP99Ms: at(0.99),
      baselineTps: Math.round(baseline.tps),
    };
    say(
      `  ${result.callsPerSec} debits/s, p50 ${result.callP50Ms} ms / p99 ${result.callP99Ms} ms, ${ok} ok`,
    );
    if (JSON_OUT) console.log(JSON.stringify(result));
  } finally {
    child?.kill('SIGTERM');
    await sleep(500);
    await admin(base.toString(), `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(`bench:wallet failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
