import type { Client, QueryResultRow } from 'pg';
import { MachineCpu } from './bench-machine-cpu';
import { processCpuMs } from './bench-proc';

/**
 * Rows of a query on the benchmark's database (its own connection, not the ledger's). `name`: a prepared statement,
 * parsed and planned once on the connection (for a query repeated every few ms).
 */
export type Query = <R extends QueryResultRow>(
  sql: string,
  params?: unknown[],
  name?: string,
) => Promise<R[]>;

/**
 * Queries on one connection, one at a time: the phases' waits, the CPU meter and the lock-wait sampler share the
 * bench's probe, and pg deprecates overlapping calls on a client (it queues them itself today).
 */
export function serialQuery(client: Client): Query {
  let last: Promise<unknown> = Promise.resolve();
  return <R extends QueryResultRow>(sql: string, params?: unknown[], name?: string) => {
    const run = last.then(async () => (await client.query<R>({ text: sql, values: params, name })).rows);
    last = run.catch(() => undefined);
    return run;
  };
}

/** CPU used during one phase: the ledger processes and their PostgreSQL backends, in ms. */
export interface PhaseCpu {
  ledgerMs: number;
  postgresMs: number;
}

/**
 * CPU time the ledger and PostgreSQL spend on a phase, read from /proc: unlike wall-clock figures it hardly moves
 * when other work shares the machine, so two builds compare even on a busy host. The ledger's backends are the
 * sessions of the benchmark database named `bet-ledger` (the ledger's application_name, every instance's), sampled
 * every 200 ms so a connection that closes mid-phase is counted up to its last sample; one opened during the phase
 * counts whole. With several ledger instances (--instances) their processes' CPU is summed.
 */
export class CpuMeter {
  /** The whole machine's split over the same phases (latency phases only). */
  readonly machine = new MachineCpu();
  private readonly backends = new Map<number, number>();
  private ledgerStart = 0;
  private postgresMs = 0;
  private timer?: NodeJS.Timeout;
  private sampling?: Promise<void>;

  constructor(
    private readonly query: Query,
    private readonly database: string,
    private readonly ledgerPids: readonly number[],
  ) {
    this.machine.assign('ledger', { pids: [...ledgerPids] });
    this.machine.assign('ledgerDb', { databases: [database] });
  }

  /** Whether this host exposes the figures (Linux, PostgreSQL on the same host). */
  get available(): boolean {
    return this.ledgerPids.length > 0 && this.ledgerPids.every((pid) => processCpuMs(pid) !== undefined);
  }

  /** `periodic` false: only the two ends are read (the ledger's connections then stay open throughout). */
  async start(periodic = true): Promise<void> {
    this.backends.clear();
    this.postgresMs = 0;
    this.ledgerStart = this.ledgerMs();
    await this.sample(true);
    if (!periodic) return;
    this.timer = setInterval(() => {
      this.sampling ??= this.sample(false).finally(() => (this.sampling = undefined));
    }, 200);
  }

  async stop(): Promise<PhaseCpu | undefined> {
    clearInterval(this.timer);
    await this.sampling;
    await this.sample(false);
    if (!this.available) return undefined;
    return { ledgerMs: this.ledgerMs() - this.ledgerStart, postgresMs: this.postgresMs };
  }

  /** The ledger processes' CPU so far, summed. */
  private ledgerMs(): number {
    return this.ledgerPids.reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), 0);
  }

  private async sample(first: boolean): Promise<void> {
    const rows = await this.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'bet-ledger'`,
      [this.database],
    );
    for (const { pid } of rows) {
      const now = processCpuMs(pid);
      if (now === undefined) continue;
      const last = this.backends.get(pid);
      // A backend already there at the start counts from then; one that appears later counts whole.
      if (last !== undefined) this.postgresMs += now - last;
      else if (!first) this.postgresMs += now;
      this.backends.set(pid, now);
    }
  }
}

/** The ledger child's pid, from the ready line it prints (`{"ledger":"ready",…,"pid":…}`). */
export function ledgerPidFrom(output: string): number | undefined {
  const match = /"ledger":"ready"[^\n]*"pid":(\d+)/.exec(output);
  return match ? Number(match[1]) : undefined;
}

/** CPU µs per bet of the ledger process and of its PostgreSQL sessions. */
export interface CpuPerBet {
  ledgerUs: number;
  postgresUs: number;
}

/** µs per bet of each side, rounded; undefined when the host gives no figures. */
export function perBet(cpu: PhaseCpu | undefined, bets: number): CpuPerBet | undefined {
  if (!cpu || bets === 0) return undefined;
  return {
    ledgerUs: Math.round((cpu.ledgerMs * 1000) / bets),
    postgresUs: Math.round((cpu.postgresMs * 1000) / bets),
  };
}
