import { KafkaSecurityMode } from '@casino/kafka';
import { execFile } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './ledger-process';

/** Where restartable servers' ports are drawn from: below Linux's ephemeral range (32768–60999 by default). */
const SERVER_PORTS = { from: 20_000, to: 32_000 };

/**
 * A port nothing listens on right now, for a server a test stops and starts again on it. Not one of the OS's
 * ephemeral ports: while the server is down, clients retrying it could be given that very port as their own
 * source port and connect to themselves (TCP self-connect), holding it so the restarted server cannot have it.
 */
export async function freePort(): Promise<number> {
  const span = SERVER_PORTS.to - SERVER_PORTS.from;
  for (let attempt = 0; ; attempt++) {
    const port = SERVER_PORTS.from + randomInt(span);
    if (await listensOn(port)) return port;
    if (attempt >= 100) throw new Error(`no free port in ${SERVER_PORTS.from}-${SERVER_PORTS.to}`);
  }
}

/** Whether a server could listen on `port` (it does, briefly). */
function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Runs `infra/kafka/kafka.sh <command>` with `env` and none of this process's KAFKA_* settings. */
export function kafkaSh(command: string, env: Record<string, string>, timeoutMs: number): Promise<string> {
  const script = join(repoRoot(), 'infra', 'kafka', 'kafka.sh');
  // Nothing of this process's Kafka settings leaks in: KAFKA_BROKERS would make kafka.sh start nothing.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('KAFKA_')));
  return new Promise((resolve, reject) => {
    execFile(
      'bash',
      [script, command],
      { env: { ...inherited, ...env }, timeout: timeoutMs, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        if (err) reject(new Error(`kafka.sh ${command} failed (${err.message}):\n${stdout}${stderr}`));
        else resolve(stdout + stderr);
      },
    );
  });
}

/** Whether `pid` is a live process (a zombie nobody reaped counts as gone). */
function alive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/**
 * A single-node KRaft broker of one test file, run by infra/kafka/kafka.sh on free ports with its storage in a
 * temporary folder. Ports and storage are fixed at creation, so `stop()`/`kill()` then `start()` is a real
 * restart of the same broker with its data.
 */
export class ScriptBroker {
  private constructor(
    readonly security: KafkaSecurityMode,
    readonly port: number,
    readonly controllerPort: number,
    readonly stateDir: string,
  ) {}

  /** Formats and starts a new broker (about 10-20 s on two cores); fails, never skips, when it cannot. */
  static async create(security: KafkaSecurityMode, timeoutMs = 90_000): Promise<ScriptBroker> {
    const [port, controllerPort] = [await freePort(), await freePort()];
    const stateDir = mkdtempSync(join(tmpdir(), `casino-kafka-${security}-`));
    const broker = new ScriptBroker(security, port, controllerPort, stateDir);
    try {
      await broker.start(timeoutMs);
    } catch (err) {
      await broker.dispose().catch(() => undefined);
      throw err;
    }
    return broker;
  }

  get brokers(): string[] {
    return [`127.0.0.1:${this.port}`];
  }

  private env(timeoutMs = 90_000): Record<string, string> {
    return {
      KAFKA_SECURITY: this.security,
      KAFKA_PORT: String(this.port),
      KAFKA_CONTROLLER_PORT: String(this.controllerPort),
      KAFKA_STATE_DIR: this.stateDir,
      KAFKA_WAIT_SECONDS: String(Math.floor(timeoutMs / 1000)),
    };
  }

  /** Its JVM's pid while it runs (kafka.sh's pid file), else undefined. */
  pid(): number | undefined {
    const file = join(this.stateDir, 'kafka.pid');
    if (!existsSync(file)) return undefined;
    const pid = Number(readFileSync(file, 'utf8').trim());
    return pid > 0 && alive(pid) ? pid : undefined;
  }

  get running(): boolean {
    return this.pid() !== undefined;
  }

  /** Starts it (formatting the storage the first time) and resolves once it answers on its port. */
  async start(timeoutMs = 90_000): Promise<void> {
    await kafkaSh('up', this.env(timeoutMs), timeoutMs + 10_000);
  }

  /** A clean shutdown (SIGTERM: the broker closes its logs; kafka.sh SIGKILLs it after 30 s). */
  async stop(): Promise<void> {
    await kafkaSh('stop', this.env(), 60_000);
  }

  /** SIGKILL of the JVM: no shutdown at all, its logs are recovered at the next start. */
  async kill(timeoutMs = 10_000): Promise<void> {
    const pid = this.pid();
    if (pid !== undefined) {
      process.kill(pid, 'SIGKILL');
      const until = Date.now() + timeoutMs;
      while (alive(pid)) {
        if (Date.now() > until) throw new Error(`broker pid ${pid} still alive after SIGKILL`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    // kafka.sh takes a pid file whose process lives as "already running": the pid may be reused.
    rmSync(join(this.stateDir, 'kafka.pid'), { force: true });
  }

  /** Stops it (SIGKILL if the clean stop fails) and deletes its storage. */
  async dispose(): Promise<void> {
    try {
      await this.stop().catch(() => this.kill());
    } finally {
      rmSync(this.stateDir, { recursive: true, force: true });
    }
  }
}
