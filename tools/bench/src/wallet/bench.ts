import { randomBytes, randomUUID } from 'node:crypto';
import { callOperatorWallet, WalletEndpoint } from '@casino/operator-protocol';
import { queryServer } from '@casino/test-support';
import { measureBaseline } from '../ledger/bench-baseline';
import { ReferenceWallet, startReferenceWallet } from '../ledger/bench-seamless';

/**
 * `npm run bench:wallet`: the reference operator wallet (apps/operator-wallet) as a process on a fresh database,
 * its debit endpoint called by --concurrency signed calls in flight for --seconds, each for the next of --players
 * funded players in turn. Prints calls/s and the call's p50/p99 beside a same-run pgbench baseline. `--json`
 * prints one JSON object. WALLET_NODE_ARGS passes node flags to the wallet (e.g. --cpu-prof --cpu-prof-dir=DIR).
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
const say = (line: string) => (JSON_OUT ? console.error(line) : console.log(line));

async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `bench_wallet_${process.pid}`;
  const dbUrl = Object.assign(new URL(server), { pathname: `/${name}` }).toString();
  await queryServer(server, `CREATE DATABASE ${name}`);
  let wallet: ReferenceWallet | undefined;
  try {
    say(`baseline: 5 s of one INSERT+UPDATE transaction per call on the same PostgreSQL...`);
    const baseline = await measureBaseline(dbUrl, 5);
    say(`  ${Math.round(baseline.tps)} tx/s (${baseline.method})`);
    const key = { keyId: 'ck_bench', secret: randomBytes(32).toString('hex') };
    wallet = await startReferenceWallet(dbUrl, key, { faults: false });
    const endpoint: WalletEndpoint = { baseUrl: wallet.url, ...key };
    await wallet.fund(PLAYERS, 1_000_000_000_000n);
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
              playerId: `bp${calls++ % PLAYERS}`,
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
    await wallet?.stop();
    await queryServer(server, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

main().catch((err) => {
  console.error(`bench:wallet failed: ${(err as Error).stack ?? err}`);
  process.exit(1);
});
