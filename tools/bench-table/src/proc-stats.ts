import { readFileSync } from 'node:fs';
import { Client } from 'pg';

/** Resident memory (VmRSS) and its high-water mark (VmHWM) of a process, in MiB, from /proc (0 elsewhere). */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rssMb: 0, hwmMb: 0 };
  }
}

/** CPU seconds (user + system) a process has used, from /proc (0 elsewhere). */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Samples a process's resident memory every `everyMs`; `stop()` gives the peak seen and the kernel's. */
export function sampleMemory(pid: number, everyMs = 250): { stop(): { peakRssMb: number; hwmMb: number } } {
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMb)), everyMs);
  return {
    stop() {
      clearInterval(timer);
      const now = memoryOf(pid);
      return { peakRssMb: Math.max(peak, now.rssMb), hwmMb: now.hwmMb };
    },
  };
}

/**
 * CPU seconds the PostgreSQL backends connected to `database` (same host) use from start() to stop(), read from
 * /proc every 500 ms: a pool closes idle connections and opens new ones, so both ends alone would miss them (a
 * backend is counted up to its last sample; one opened meanwhile counts whole).
 */
export class BackendCpuMeter {
  private readonly first = new Map<number, number>();
  private readonly last = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private client?: Client;

  constructor(
    private readonly serverUrl: string,
    private readonly database: string,
  ) {}

  async start(): Promise<void> {
    this.client = new Client({ connectionString: this.serverUrl });
    await this.client.connect();
    await this.sample(true);
    this.timer = setInterval(() => void this.sample(false).catch(() => undefined), 500);
  }

  async stop(): Promise<number> {
    clearInterval(this.timer);
    await this.sample(false).catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    let total = 0;
    for (const [pid, cpu] of this.last) total += cpu - (this.first.get(pid) ?? 0);
    return Math.round(total * 10) / 10;
  }

  private async sample(initial: boolean): Promise<void> {
    const { rows } = (await this.client?.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = $1`,
      [this.database],
    )) ?? { rows: [] };
    for (const { pid } of rows) {
      const cpu = cpuSecondsOf(pid);
      if (cpu === 0) continue;
      if (initial) this.first.set(pid, cpu);
      this.last.set(pid, cpu);
    }
  }
}
