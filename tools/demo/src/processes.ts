import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';

export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  logFile: string;
}

const running = new Set<ChildProcess>();
let exitHooked = false;

/** Whatever way the demo ends (Ctrl-C, SIGTERM, an error), the processes it started end with it. */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
}

/** Starts a Node app in the background with its output in a log file (the terminal is for the demo's own progress). */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  logDir: string,
  nodeFlags: readonly string[] = [],
): ManagedProcess {
  mkdirSync(logDir, { recursive: true });
  const logFile = join(logDir, `${name}.log`);
  const log = createWriteStream(logFile);
  hookExit();
  const child = spawn(process.execPath, [...nodeFlags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return { name, child, logFile };
}

/** Polls an HTTP health URL until it answers 200, failing early if the process dies. */
export async function waitForHealth(proc: ManagedProcess, url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) {
      throw new Error(
        `${proc.name} exited with code ${proc.child.exitCode} during start-up (log: ${proc.logFile})`,
      );
    }
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(
    `${proc.name} did not become healthy at ${url} within ${timeoutMs} ms (log: ${proc.logFile})`,
  );
}

/** SIGTERM, then SIGKILL after a grace period. */
export async function stopProcess(proc: ManagedProcess, graceMs = 10_000): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill('SIGTERM');
  const timer = setTimeout(() => proc.child.kill('SIGKILL'), graceMs);
  await once(proc.child, 'exit');
  clearTimeout(timer);
}
