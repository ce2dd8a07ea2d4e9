import { ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface LedgerProcessOptions {
  databaseUrl: string;
  topicPrefix: string;
  groupId: string;
  brokers: string[];
  /** Extra environment (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

/** The repository root: the nearest folder above `from` that has apps/bet-ledger. */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'apps', 'bet-ledger', 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error('repository root not found');
    dir = up;
  }
  return dir;
}

export function ledgerBuilt(): boolean {
  return existsSync(join(repoRoot(), 'apps', 'bet-ledger', 'dist', 'main.js'));
}

/**
 * The real bet ledger as a child process (`node apps/bet-ledger/dist/main.js`, built beforehand) on its own
 * database, topic prefix and consumer group; `deposit` funds a player through its REST API.
 */
export class LedgerProcess {
  private exited: Promise<number | null>;
  private readonly output: string[] = [];

  private constructor(
    private readonly child: ChildProcess,
    readonly url: string,
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  static async start(options: LedgerProcessOptions): Promise<LedgerProcess> {
    const main = join(repoRoot(), 'apps', 'bet-ledger', 'dist', 'main.js');
    if (!existsSync(main))
      throw new Error(`${main} not built: run npx tsc -p tsconfig.build.json in apps/bet-ledger`);
    const child = spawn(process.execPath, [main], {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl,
        KAFKA_BROKERS: options.brokers.join(','),
        KAFKA_TOPIC_PREFIX: options.topicPrefix,
        KAFKA_GROUP_ID: options.groupId,
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        KAFKA_HEARTBEAT_MS: '500',
        HTTP_PORT: '0',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`ledger did not start:\n${output.join('')}`)),
        options.startTimeoutMs ?? 60_000,
      );
      const onData = (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        output.push(text);
        const match = /\{"ledger":"ready","port":(\d+)/.exec(output.join(''));
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString('utf8')));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`ledger exited with ${code}:\n${output.join('')}`));
      });
    });
    const ledger = new LedgerProcess(child, `http://127.0.0.1:${port}`);
    ledger.output.push(...output);
    child.stdout?.on('data', (c: Buffer) => ledger.output.push(c.toString('utf8')));
    child.stderr?.on('data', (c: Buffer) => ledger.output.push(c.toString('utf8')));
    await ledger.waitHealthy(options.startTimeoutMs ?? 60_000);
    return ledger;
  }

  /** What the process printed (for a failing test's message). */
  log(): string {
    return this.output.join('');
  }

  async waitHealthy(timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      try {
        const res = await fetch(`${this.url}/health`);
        if (res.ok) return;
      } catch {
        // not up yet
      }
      if (Date.now() > until) throw new Error(`ledger not healthy:\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  async deposit(operatorId: string, playerId: string, currency: string, amount: bigint): Promise<bigint> {
    const res = await fetch(`${this.url}/operators/${operatorId}/players/${playerId}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ currency, amount: amount.toString(), idempotencyKey: randomUUID() }),
    });
    if (!res.ok) throw new Error(`deposit failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { balance: string };
    return BigInt(body.balance);
  }

  async balance(operatorId: string, playerId: string, currency: string): Promise<bigint> {
    const res = await fetch(`${this.url}/operators/${operatorId}/players/${playerId}/balances`);
    if (!res.ok) throw new Error(`balances failed: ${res.status}`);
    const rows = (await res.json()) as { currency: string; balance: string }[];
    return BigInt(rows.find((r) => r.currency === currency)?.balance ?? '0');
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}
