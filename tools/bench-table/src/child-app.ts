import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/**
 * One of the platform's apps (the ledger, the game service) as a child process writing to a log file. With
 * `detached` it outlives this process (`--keep`: a later run reuses it by pid and URL).
 */
export interface ChildApp {
  pid: number;
  url: string;
  logFile: string;
}

/** Starts `node [nodeArgs] script` and resolves with its URL once its log shows `ready` (the URL or a port). */
export async function startChildApp(options: {
  script: string;
  env: Record<string, string>;
  nodeArgs?: string[];
  logFile: string;
  ready: RegExp;
  detached: boolean;
  timeoutMs?: number;
}): Promise<ChildApp> {
  const fd = openSync(options.logFile, 'w');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
    detached: options.detached,
  });
  closeSync(fd);
  if (options.detached) child.unref();
  let exited: string | undefined;
  child.once('exit', (code, signal) => (exited = String(code ?? signal)));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    const log = readFileSync(options.logFile, 'utf8');
    const match = options.ready.exec(log);
    if (match) {
      const url = match[1].startsWith('http') ? match[1] : `http://127.0.0.1:${match[1]}`;
      return { pid: child.pid ?? 0, url, logFile: options.logFile };
    }
    const tail = () => log.split('\n').slice(-30).join('\n');
    if (exited !== undefined) throw new Error(`${options.script} exited (${exited}):\n${tail()}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${options.script} not ready:\n${tail()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** SIGTERM (a clean shutdown, which also writes a --cpu-prof profile), SIGKILL after `graceMs`. */
export async function stopChildApp(pid: number, graceMs = 15_000): Promise<void> {
  const alive = () => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!pid || !alive()) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (alive()) process.kill(pid, 'SIGKILL');
}
