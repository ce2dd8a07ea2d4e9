import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in 1/100 s. */
const TICKS_PER_SECOND = 100;
const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** CPU time (user + system, ms) a process has used so far; undefined without /proc (or once it has exited). */
export function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ticksToMs(Number(fields[11]) + Number(fields[12]));
  } catch {
    return undefined;
  }
}

/** Busy and all CPU time (ms) from /proc/stat's first line: busy leaves out idle and iowait. */
export function cpuTimesOf(procStat: string): { busyMs: number; allMs: number } {
  const fields = procStat.split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const all = fields.slice(0, 8).reduce((a, b) => a + b, 0);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busyMs: ticksToMs(all - idle), allMs: ticksToMs(all) };
}
