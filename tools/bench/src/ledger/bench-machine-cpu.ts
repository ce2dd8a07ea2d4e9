import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { cpuTimesOf, processCpuMs } from './bench-proc';

/** The parts of a benchmark run that share the machine. */
export const MACHINE_PARTS = [
  'ledger',
  'ledgerDb',
  'broker',
  'wallet',
  'walletDb',
  'loadGenerator',
  'other',
] as const;
export type MachinePart = (typeof MACHINE_PARTS)[number];

/** A phase's CPU per bet by part, the machine's busy share, and the rate its two cores could carry at that cost. */
export interface MachineCpuPerBet {
  msPerBet: Record<MachinePart | 'total', number>;
  /** Share of all cores busy over the phase (/proc/stat). */
  busyShare: number;
  cores: number;
  /** cores ÷ total CPU per bet: the bets/s at which this machine's cores would be full at this cost per bet. */
  ceilingBetsPerSec: number;
}

interface Snapshot {
  /** CPU ms per process so far, by pid. */
  processes: Map<number, number>;
  busyMs: number;
  allMs: number;
}

/**
 * Which part a process is, from its command line: a PostgreSQL backend by its database (its title is
 * `postgres: [cluster: ]user database host state`), the broker by its main class.
 */
export function partOfCommand(
  cmdline: string,
  databases: ReadonlyMap<string, MachinePart>,
): MachinePart | undefined {
  const backend = /^postgres: (?:\S+: )?\S+ (\S+) /.exec(cmdline);
  if (backend) return databases.get(backend[1]);
  if (cmdline.includes('kafka.Kafka')) return 'broker';
  return undefined;
}

/**
 * Every process's CPU over a phase, by part (the ledger, its database sessions, the broker, the reference wallets
 * and theirs, this load generator, the rest), read from /proc at the phase's two ends: where the machine's two
 * cores go per bet, so a rate the chain cannot carry here shows as arithmetic rather than as queueing. A process
 * that exits mid-phase is not counted (pools keep their sessions open); one born in it counts whole.
 */
export class MachineCpu {
  private readonly pids = new Map<number, MachinePart>([[process.pid, 'loadGenerator']]);
  private readonly databases = new Map<string, MachinePart>();
  private readonly commandParts = new Map<number, MachinePart>();
  private first?: Snapshot;

  /** Names processes (by pid) and database sessions (by database) as a part. */
  assign(part: MachinePart, { pids = [], databases = [] }: { pids?: number[]; databases?: string[] }): void {
    for (const pid of pids) this.pids.set(pid, part);
    for (const db of databases) this.databases.set(db, part);
  }

  get available(): boolean {
    return processCpuMs(process.pid) !== undefined;
  }

  begin(): void {
    this.first = this.available ? this.snapshot() : undefined;
  }

  /** The phase's split per bet over `bets` bets; undefined without /proc. */
  end(bets: number): MachineCpuPerBet | undefined {
    const first = this.first;
    if (!first || bets === 0) return undefined;
    const last = this.snapshot();
    const used = {} as Record<MachinePart, number>;
    for (const p of MACHINE_PARTS) used[p] = 0;
    for (const [pid, ms] of last.processes) {
      const delta = ms - (first.processes.get(pid) ?? 0);
      if (delta > 0) used[this.partOf(pid)] += delta;
    }
    const busyMs = last.busyMs - first.busyMs;
    const named = MACHINE_PARTS.filter((p) => p !== 'other').reduce((sum, p) => sum + used[p], 0);
    // What /proc/stat counts busy that no process shows (interrupts, exited processes) goes to `other` too.
    used.other = Math.max(used.other, busyMs - named);
    const total = named + used.other;
    const perBet = (ms: number) => Number((ms / bets).toFixed(3));
    const cores = availableParallelism();
    const msPerBet = { total: perBet(total) } as MachineCpuPerBet['msPerBet'];
    for (const p of MACHINE_PARTS) msPerBet[p] = perBet(used[p]);
    return {
      msPerBet,
      busyShare: Number((busyMs / Math.max(1, last.allMs - first.allMs)).toFixed(3)),
      cores,
      ceilingBetsPerSec: Math.round((cores * 1000 * bets) / Math.max(1, total)),
    };
  }

  private partOf(pid: number): MachinePart {
    const named = this.pids.get(pid);
    if (named) return named;
    const known = this.commandParts.get(pid);
    if (known) return known;
    const part = partOfCommand(readCommand(pid), this.databases);
    if (part) this.commandParts.set(pid, part);
    return part ?? 'other';
  }

  private snapshot(): Snapshot {
    const processes = new Map<number, number>();
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      const ms = processCpuMs(pid);
      if (ms === undefined) continue;
      processes.set(pid, ms);
    }
    return { processes, ...cpuTimesOf(readFileSync('/proc/stat', 'utf8')) };
  }
}

function readCommand(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

/** One line for the bench's progress output. */
export function describeMachineCpu(m: MachineCpuPerBet): string {
  const parts = MACHINE_PARTS.filter((p) => m.msPerBet[p] > 0).map((p) => `${p} ${m.msPerBet[p]}`);
  return (
    `CPU ms per bet: ${parts.join(', ')} (total ${m.msPerBet.total}); ${Math.round(m.busyShare * 100)}% of ` +
    `${m.cores} cores busy, full at ${m.ceilingBetsPerSec} bets/s at this cost`
  );
}
