import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { queryDatabase } from './pg-admin';
import {
  recordTestSessions,
  TEST_PLAYER_TOKEN_SECRET,
  testPlayerToken,
  testSessionId,
} from './test-sessions';

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

/** A table for the ledger's catalogue (PUT /tables/{id}). */
export interface LedgerCatalogueTable {
  tableId: string;
  currency: string;
  /** The service that opens its rounds, e.g. baccarat-service. */
  producer: string;
  variant?: string;
  /** Who draws its results (docs/kafka-security.md#signed-live-results); absent: the catalogue's default, `studio`. */
  dealer?: 'studio' | 'auto';
  /** The table settings as a RoundOpened carries them. */
  settings: object;
}

/**
 * Node flags the ledger runs with (its `npm start` too): young-generation semi-spaces of 64 MB instead of 16, as
 * a batch of bet commands allocates tens of MB; with the default, garbage collection took a fifth of its time and
 * its throughput was a fifth lower (docs/benchmarks.md).
 */
export const LEDGER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=64'];

/** The built ledger's entry point, apps/bet-ledger/dist/main.js. */
export function ledgerMain(): string {
  return join(repoRoot(), 'apps', 'bet-ledger', 'dist', 'main.js');
}

export function ledgerBuilt(): boolean {
  return existsSync(ledgerMain());
}

/** `ledger:verify` (the built CLI) on a ledger's database: its exit status and what it printed. */
export function verifyLedgerDatabase(databaseUrl: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [join(dirname(ledgerMain()), 'cli', 'verify.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

export interface LedgerProcessOptions {
  databaseUrl: string;
  topicPrefix: string;
  groupId: string;
  brokers: string[];
  /** Extra environment (e.g. LOG_LEVEL). */
  env?: Record<string, string>;
  startTimeoutMs?: number;
}

const READY = /"ledger":"ready"(?:,"port":(\d+))?/;
/** The ready line and the consumer's phase lines (connected, joined, deciding). */
const PHASE = /\{"ledger":"(\w+)"/g;

/** The bet ledger's development default player-token key (apps/bet-ledger config; refused in production). */
export const DEV_PLAYER_TOKEN_SECRET = 'dev-player-token-secret-not-for-production';

/** The bet ledger's development default back-office token (apps/bet-ledger config; refused in production). */
export const DEV_BACKOFFICE_TOKEN = 'dev-backoffice-token-not-for-production';

/**
 * The real bet ledger as a child process (`node apps/bet-ledger/dist/main.js`, built beforehand), for the services'
 * tests, the ledger's crash test and the benchmark: start it, wait until it is ready, SIGKILL it, start it again,
 * freeze it (SIGSTOP/SIGCONT), and fund players through its REST API.
 */
export class LedgerProcess {
  private child?: ChildProcess;
  private output = '';
  private pitBoss?: Promise<string>;
  private port?: number;
  starts = 0;
  /** Per start, when (Date.now()) it was spawned, printed each phase line (ready, joined, …) and exited. */
  readonly timeline: Record<string, number>[] = [];

  constructor(
    private readonly script: string,
    private readonly env: Record<string, string>,
    private readonly echo = false,
  ) {}

  /**
   * The built ledger on its own database, topic prefix and consumer group, started and answering /health
   * (what a service test runs against).
   */
  static async launch(options: LedgerProcessOptions): Promise<LedgerProcess> {
    const main = ledgerMain();
    if (!existsSync(main))
      throw new Error(`${main} not built: run npx tsc -p tsconfig.build.json in apps/bet-ledger`);
    const timeoutMs = options.startTimeoutMs ?? 60_000;
    const ledger = new LedgerProcess(
      main,
      {
        DATABASE_URL: options.databaseUrl,
        KAFKA_BROKERS: options.brokers.join(','),
        KAFKA_TOPIC_PREFIX: options.topicPrefix,
        KAFKA_GROUP_ID: options.groupId,
        KAFKA_SESSION_TIMEOUT_MS: '6000',
        KAFKA_HEARTBEAT_MS: '500',
        HTTP_PORT: '0',
        LOG_LEVEL: 'warn',
        // The game services of the tests check player tokens with the same key.
        PLAYER_TOKEN_SECRET: TEST_PLAYER_TOKEN_SECRET,
        ...options.env,
        // LEDGER_ECHO=1: the ledger's own output on the test's stderr (diagnosing a failing e2e test).
      },
      process.env.LEDGER_ECHO === '1',
    );
    await ledger.start(true, timeoutMs);
    await ledger.waitHealthy(timeoutMs);
    return ledger;
  }

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Its HTTP address, from its ready line. */
  get url(): string {
    if (this.port === undefined) throw new Error('the ledger has not reported its port (not started yet)');
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the process; resolves when it prints its ready line (or at once with wait = false). */
  start(wait = true, timeoutMs = 60_000): Promise<void> {
    // LEDGER_NODE_ARGS: extra node flags for the child, e.g. --cpu-prof when profiling the benchmark.
    const nodeArgs = (process.env.LEDGER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    // KAFKA_SECURITY passes through; the credentials of this process do not: the ledger is its own principal
    // (its default, or the KAFKA_SASL_* it is launched with).
    const { KAFKA_SASL_USERNAME: _user, KAFKA_SASL_PASSWORD: _password, ...inherited } = process.env;
    const child = spawn(process.execPath, [...LEDGER_NODE_FLAGS, ...nodeArgs, this.script], {
      env: { ...inherited, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
    this.port = undefined;
    const times: Record<string, number> = { spawned: Date.now() };
    this.timeline.push(times);
    child.once('exit', () => (times.exited = Date.now()));
    let ready: (() => void) | undefined;
    const readyPromise = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`ledger not ready after ${timeoutMs} ms:\n${this.tail()}`)),
        timeoutMs,
      );
      ready = () => {
        clearTimeout(timer);
        resolve();
      };
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`ledger exited (${code ?? signal}) before it was ready:\n${this.tail()}`));
      });
    });
    // This run's output until its ready line (which a chunk boundary may split).
    let sinceStart = '';
    let partial = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-20_000);
      const lines = (partial + text).split('\n');
      partial = lines.pop() ?? '';
      for (const m of lines.join('\n').matchAll(PHASE)) times[m[1]] ??= Date.now();
      if (this.echo) process.stderr.write(text);
      if (!ready) return;
      sinceStart += text;
      const match = READY.exec(sinceStart);
      if (match) {
        if (match[1] !== undefined) this.port = Number(match[1]);
        const resolve = ready;
        ready = undefined;
        sinceStart = '';
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    if (!wait) {
      readyPromise.catch(() => undefined);
      return Promise.resolve();
    }
    return readyPromise;
  }

  /** SIGKILL: no shutdown hook runs, whatever the process was doing. */
  kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
  }

  /** SIGSTOP / SIGCONT: freeze the process (the benchmark queues work in Kafka, then lets it run). */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** SIGTERM (a clean shutdown), then SIGKILL if it has not exited after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await this.kill('SIGTERM');
    clearTimeout(timer);
  }

  /** The last lines it printed (for a failing test's message). */
  tail(lines = 30): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  /** What it printed (the last 20,000 characters). */
  log(): string {
    return this.output;
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

  /** The ledger's back-office credential: LEDGER_BACKOFFICE_TOKEN as launched, else the development default. */
  backOfficeToken(): string {
    return this.env.LEDGER_BACKOFFICE_TOKEN ?? process.env.LEDGER_BACKOFFICE_TOKEN ?? DEV_BACKOFFICE_TOKEN;
  }

  private backOffice(): { authorization: string } {
    return { authorization: `Bearer ${this.backOfficeToken()}` };
  }

  /** The key it signs and checks player tokens with: PLAYER_TOKEN_SECRET as launched, else the development default. */
  playerTokenSecret(): string {
    return this.env.PLAYER_TOKEN_SECRET ?? DEV_PLAYER_TOKEN_SECRET;
  }

  /**
   * Records the player's test launch session (`testSessionId`) in its database, as POST /v1/sessions would, and
   * returns a token of it: the ledger decides a bet command only with a token of a live session of its player.
   */
  async openSession(operatorId: string, playerId: string, currency = 'EUR'): Promise<string> {
    await recordTestSessions(
      (sql, params) => queryDatabase(this.env.DATABASE_URL, sql, params),
      [{ operatorId, playerId, currency, sessionId: testSessionId(operatorId, playerId) }],
    );
    return testPlayerToken({ operatorId, playerId, currency }, this.playerTokenSecret());
  }

  async deposit(operatorId: string, playerId: string, currency: string, amount: bigint): Promise<bigint> {
    const res = await fetch(`${this.url}/operators/${operatorId}/players/${playerId}/deposits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.backOffice() },
      body: JSON.stringify({ currency, amount: amount.toString(), idempotencyKey: randomUUID() }),
    });
    if (!res.ok) throw new Error(`deposit failed: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { balance: string };
    return BigInt(body.balance);
  }

  /**
   * Registers (or updates) a table in the ledger's table catalogue through the back-office API, as the demo and an
   * operator's back office do before the table's service opens rounds. `settings` is a RoundOpened's `table`
   * (bigints allowed; baccarat's per-round roundInShoe is left out).
   */
  async putTable(table: LedgerCatalogueTable): Promise<void> {
    const settings = JSON.parse(
      JSON.stringify(table.settings, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    ) as Record<string, unknown>;
    delete settings.roundInShoe;
    const res = await fetch(`${this.url}/tables/${encodeURIComponent(table.tableId)}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...this.backOffice() },
      body: JSON.stringify({
        variant: table.variant ?? 'test',
        ...(table.dealer === undefined ? {} : { dealer: table.dealer }),
        currency: table.currency,
        producer: table.producer,
        settings,
        actor: 'test-support',
        reason: 'registered for a test',
      }),
    });
    if (!res.ok)
      throw new Error(`registering table ${table.tableId} failed: ${res.status} ${await res.text()}`);
  }

  /**
   * A pit boss of the ledger's back office, created once through the API (as an admin would) and logged in: the
   * one role that approves a void after betting closed (docs/ledger.md#voids-after-betting-closed).
   */
  async pitBossToken(): Promise<string> {
    this.pitBoss ??= (async () => {
      const username = `pit.boss.${randomUUID().slice(0, 8)}`;
      const made = await fetch(`${this.url}/back-office/staff`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...this.backOffice() },
        body: JSON.stringify({ username, role: 'pit_boss', reason: 'a pit boss for a test' }),
      });
      if (!made.ok) throw new Error(`creating a pit boss failed: ${made.status} ${await made.text()}`);
      const { password } = (await made.json()) as { password: string };
      const login = await fetch(`${this.url}/back-office/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (!login.ok) throw new Error(`pit boss login failed: ${login.status} ${await login.text()}`);
      return ((await login.json()) as { token: string }).token;
    })();
    return this.pitBoss;
  }

  /** A pit boss approves the void of a round; the answer's body (approval, created, appliedEventId) as it came. */
  async approveVoid(
    tableId: string,
    roundId: string,
    reason = 'approved for a test',
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const res = await fetch(
      `${this.url}/rounds/${encodeURIComponent(tableId)}/${encodeURIComponent(roundId)}/void-approval`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${await this.pitBossToken()}` },
        body: JSON.stringify({ reason }),
      },
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  }

  async balance(operatorId: string, playerId: string, currency: string): Promise<bigint> {
    const res = await fetch(`${this.url}/operators/${operatorId}/players/${playerId}/balances`, {
      headers: this.backOffice(),
    });
    if (!res.ok) throw new Error(`balances failed: ${res.status}`);
    const rows = (await res.json()) as { currency: string; balance: string }[];
    return BigInt(rows.find((r) => r.currency === currency)?.balance ?? '0');
  }
}
