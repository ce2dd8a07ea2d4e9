import { ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './ledger-process';

/** The built entry point of a game service, apps/<name>/dist/main.js. */
export function serviceMain(app: string): string {
  return join(repoRoot(), 'apps', app, 'dist', 'main.js');
}

const LISTENING = /listening on (http:\/\/[^\s]+)/;

/**
 * A game service as a child process (`node apps/<app>/dist/main.js`, built beforehand), for the failure tests: it
 * runs as in production (its own process, so an unhandled error ends it), and the test sees whether it is still
 * running and what it printed.
 */
export class ServiceProcess {
  private child?: ChildProcess;
  private output = '';
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  url = '';

  private constructor(
    private readonly app: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the built service with `env` (HTTP_PORT 0 picks a free port) and resolves once it listens. */
  static async launch(app: string, env: Record<string, string>, timeoutMs = 60_000): Promise<ServiceProcess> {
    const main = serviceMain(app);
    if (!existsSync(main))
      throw new Error(`${main} not built: run npx turbo run build --filter=@casino/${app}`);
    const service = new ServiceProcess(app, { HTTP_PORT: '0', ...env });
    await service.start(timeoutMs);
    return service;
  }

  get running(): boolean {
    return !!this.child && this.exit === undefined;
  }

  /** How it ended, if it did. */
  get exited(): { code: number | null; signal: NodeJS.Signals | null } | undefined {
    return this.exit;
  }

  private start(timeoutMs: number): Promise<void> {
    const child = spawn(process.execPath, [serviceMain(this.app)], {
      env: { ...process.env, ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exit = undefined;
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.app} not listening after ${timeoutMs} ms:\n${this.tail()}`)),
        timeoutMs,
      );
      let listening = false;
      const onData = (chunk: Buffer) => {
        this.output = (this.output + chunk.toString()).slice(-200_000);
        const match = listening ? null : LISTENING.exec(this.output);
        if (match) {
          listening = true;
          this.url = match[1];
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        clearTimeout(timer);
        if (!listening)
          reject(new Error(`${this.app} exited (${code ?? signal}) before listening:\n${this.tail()}`));
      });
    });
  }

  /** SIGTERM (a clean shutdown), then SIGKILL after `graceMs`. */
  async stop(graceMs = 10_000): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(timer);
  }

  /** Ends it without warning (a crash, a lost machine); resolves once it has exited. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }

  /** Everything it printed (the last 200,000 characters). */
  log(): string {
    return this.output;
  }

  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }
}
