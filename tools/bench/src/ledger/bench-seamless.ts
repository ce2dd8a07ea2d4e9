import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * `bench:ledger --wallet seamless`: a seamless operator of the ledger under test, registered as an operator's
 * onboarding does it (the ledger's admin command `operator create` and `set-wallet`, as `npm run demo` does), whose
 * wallet is the reference operator wallet (apps/operator-wallet) started as a process of its own on a database of
 * its own, with its faults on so that the bench can make it slow or down.
 */
export interface BenchWallet extends ReferenceWallet {
  operatorId: string;
}

/** The reference operator wallet as a process of its own (startReferenceWallet). */
export interface ReferenceWallet {
  url: string;
  pid: number | undefined;
  /** Funds players `bp0`…`bp{n-1}` in the operator's wallet (the admin route, as the tests and the demo do). */
  fund(players: number, balance: bigint): Promise<void>;
  /** The wallet's fault plan (`PUT /admin/faults`); none: cleared. */
  faults(list: { call: string; mode: string; delayMs?: number }[]): Promise<void>;
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '../../../..');

function operatorCommand(env: Record<string, string>, args: string[]): string {
  const run = spawnSync(process.execPath, [join(ROOT, 'apps/bet-ledger/dist/cli/operator.js'), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`operator ${args[0]} failed: ${run.stderr || run.stdout}`);
  return run.stdout;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`operator wallet exited: ${output()}`);
    const ok = await fetch(`${url}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`operator wallet not healthy at ${url}: ${output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Creates operator `operatorId` in the ledger's registry (`ledgerEnv`: the ledger's database and secrets key),
 * starts the reference operator wallet with that operator's key on `walletDbUrl` (an empty database) and points the
 * operator at it. The ledger sees the mode within its seamless operators' TTL (1 s).
 */
export async function startBenchWallet(
  operatorId: string,
  ledgerEnv: Record<string, string>,
  walletDbUrl: string,
): Promise<BenchWallet> {
  const key = JSON.parse(
    operatorCommand(ledgerEnv, [
      'create',
      '--id',
      operatorId,
      '--name',
      `Bench ${operatorId}`,
      '--currencies',
      'EUR',
    ]),
  ) as { keyId: string; secret: string };
  const wallet = await startReferenceWallet(walletDbUrl, key, { faults: true });
  operatorCommand(ledgerEnv, ['set-wallet', '--id', operatorId, '--mode', 'seamless', '--url', wallet.url]);
  return { ...wallet, operatorId };
}

/**
 * Starts apps/operator-wallet on `dbUrl` (an empty database) with the operator key the platform signs with, on a
 * free port, and waits until it is healthy; `faults` turns its fault routes on.
 */
export async function startReferenceWallet(
  dbUrl: string,
  key: { keyId: string; secret: string },
  opts: { faults: boolean },
): Promise<ReferenceWallet> {
  const adminToken = randomBytes(24).toString('hex');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  // WALLET_NODE_ARGS: node flags for the wallet (e.g. --cpu-prof --cpu-prof-dir=DIR), as LEDGER_NODE_ARGS.
  const nodeArgs = (process.env.WALLET_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/operator-wallet/dist/main.js')], {
    env: {
      ...process.env,
      HTTP_PORT: String(port),
      DATABASE_URL: dbUrl,
      OPERATOR_KEY_ID: key.keyId,
      OPERATOR_KEY_SECRET: key.secret,
      OPERATOR_WALLET_ADMIN_TOKEN: adminToken,
      OPERATOR_WALLET_FAULTS: opts.faults ? 'on' : 'off',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (b: Buffer) => (output = (output + b.toString()).slice(-4_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitHealthy(url, child, () => output);
  const admin = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(url + path, {
      method,
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`operator wallet ${method} ${path}: ${res.status} ${await res.text()}`);
  };
  return {
    url,
    pid: child.pid,
    async fund(players, balance) {
      let next = 0;
      const worker = async () => {
        for (let p = next++; p < players; p = next++)
          await admin('PUT', `/admin/players/bp${p}`, { currency: 'EUR', balance: balance.toString() });
      };
      await Promise.all(Array.from({ length: 16 }, worker));
    },
    async faults(list) {
      if (list.length === 0) await admin('DELETE', '/admin/faults');
      else await admin('PUT', '/admin/faults', { faults: list });
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
