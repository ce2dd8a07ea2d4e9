import type { PortOverrides, RunningService } from '@casino/table-kit/nest';
import type { PlayerClient } from './player-client';
import type { TestLedger } from './test-ledger';

export interface TestDatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

export interface TestEnv<D extends TestDatabaseHandle = TestDatabaseHandle> {
  prefix: string;
  groupId: string;
  db: D;
  env: Record<string, string>;
  /** Drops the database and deletes the run's topics. */
  dispose(): Promise<void>;
}

export interface LiveTableOptions {
  /** Credited on the real ledger once the service runs, in this order. */
  deposits?: Record<string, bigint>;
  /** More service environment (e.g. a shorter reconnect delay). */
  extraEnv?: Record<string, string>;
  overrides?: PortOverrides;
}

/** One test file's running table: its environment, the real ledger, the service and its players. */
export interface LiveTable {
  readonly t: TestEnv;
  readonly ledger: TestLedger;
  /** The running service; a new one after restart(). */
  readonly service: RunningService;
  /** Connects a player to the service; close() disconnects it. */
  client(playerId: string): Promise<PlayerClient>;
  /** Stops the service and starts it again on the same environment, as after a crash or a deploy. */
  restart(): Promise<void>;
  /** Disconnects the players, stops the service and the ledger, drops the database and topics. */
  close(): Promise<void>;
}

/** What openLiveTable needs of a service harness (ServiceHarness has them all). */
export interface LiveTableParts {
  createTestEnv(tables: unknown[], extra?: Record<string, string>): Promise<TestEnv>;
  /** With the service's environment, the ledger's catalogue gets the service's tables. */
  startLedger(topicPrefix: string, serviceEnv?: Record<string, string>): Promise<TestLedger>;
  startService(env: Record<string, string>, overrides?: PortOverrides): Promise<RunningService>;
  connect(url: string, playerId: string): Promise<PlayerClient>;
}

/**
 * Starts what a service e2e test file runs against. Called from the file's beforeAll; the file's afterAll
 * calls close(). A setup that fails part way cleans up what it had started before rethrowing.
 */
export async function openLiveTable(
  parts: LiveTableParts,
  tables: unknown[],
  options: LiveTableOptions = {},
): Promise<LiveTable> {
  const clients: PlayerClient[] = [];
  // What has been started so far, so that close() stops only that.
  const started: { t?: TestEnv; ledger?: TestLedger; service?: RunningService } = {};

  const close = async (): Promise<void> => {
    for (const c of clients) c.close();
    await started.service?.close();
    await started.ledger?.stop();
    await started.t?.dispose();
  };

  const running = (): RunningService => {
    if (!started.service) throw new Error('the service is not running (a restart failed)');
    return started.service;
  };

  try {
    const t = (started.t = await parts.createTestEnv(tables, options.extraEnv));
    const ledger = (started.ledger = await parts.startLedger(t.prefix, t.env));
    // As in production: a player joining before the service has seen their balance on Kafka gets the ledger's.
    const serviceEnv = { ...t.env, ...ledger.serviceEnv() };
    started.service = await parts.startService(serviceEnv, options.overrides);
    for (const [playerId, amount] of Object.entries(options.deposits ?? {})) {
      await ledger.deposit(playerId, amount);
    }
    return {
      t,
      ledger,
      get service() {
        return running();
      },
      async client(playerId) {
        const c = await parts.connect(running().url, playerId);
        clients.push(c);
        return c;
      },
      async restart() {
        await running().close();
        started.service = undefined;
        started.service = await parts.startService(serviceEnv, options.overrides);
      },
      close,
    };
  } catch (err) {
    // The setup error is the one worth reporting, not a follow-on failure of the cleanup.
    await close().catch(() => undefined);
    throw err;
  }
}
