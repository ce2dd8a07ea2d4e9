import { ChildProcess, spawn } from 'node:child_process';

/**
 * The ledger as a child process (`node dist/main.js`), for the crash test and the benchmark: start, wait until
 * it is ready, SIGKILL it, start it again.
 */
export class LedgerProcess {
  private child?: ChildProcess;
  private output = '';
  starts = 0;

  constructor(
    private readonly script: string,
    private readonly env: Record<string, string>,
    private readonly echo = false,
  ) {}

  get running(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process; resolves when it prints its ready line (or at once with wait = false). */
  start(wait = true, timeoutMs = 60_000): Promise<void> {
    // LEDGER_NODE_ARGS: extra node flags for the child, e.g. --cpu-prof when profiling the benchmark.
    const nodeArgs = (process.env.LEDGER_NODE_ARGS ?? '').split(' ').filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, this.script], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts++;
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
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output = (this.output + text).slice(-20_000);
      if (this.echo) process.stderr.write(text);
      if (text.includes('"ledger":"ready"')) ready?.();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
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

  stop(): Promise<void> {
    return this.kill('SIGTERM');
  }

  tail(lines = 30): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }
}
