import { randomUUID } from 'node:crypto';
import { LedgerCatalogueTable, LedgerProcess, ledgerBuilt } from '@casino/test-support';

/** The ledger a service test runs against: the real bet-ledger app, as a child process. */
export interface TestLedger {
  deposit(playerId: string, amount: bigint, currency?: string, operatorId?: string): Promise<void>;
  balance(playerId: string, currency?: string, operatorId?: string): Promise<bigint>;
  /**
   * Records the player's test launch session at the ledger (as POST /v1/sessions would) and returns its token: the
   * ledger decides the player's bet commands only with a token of a live session (the harness's tokens name it).
   */
  openSession(playerId: string, currency?: string, operatorId?: string): Promise<string>;
  /** Registers tables in the ledger's table catalogue (it refuses rounds of tables it does not know). */
  registerTables(tables: readonly LedgerCatalogueTable[]): Promise<void>;
  /**
   * A pit boss approves the void of a round in the ledger's back office: a void after betting closed is applied
   * only with it (docs/ledger.md#voids-after-betting-closed); a void the ledger held is applied at once.
   */
  approveVoid(
    tableId: string,
    roundId: string,
    reason?: string,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** What a game service is given to reach this ledger (its balances for join snapshots, its health). */
  serviceEnv(): Record<string, string>;
  stop(): Promise<void>;
}

class RealLedger implements TestLedger {
  constructor(
    readonly process: LedgerProcess,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  async deposit(playerId: string, amount: bigint, currency = 'EUR', operatorId = 'op-test'): Promise<void> {
    await this.process.deposit(operatorId, playerId, currency, amount);
  }

  balance(playerId: string, currency = 'EUR', operatorId = 'op-test'): Promise<bigint> {
    return this.process.balance(operatorId, playerId, currency);
  }

  openSession(playerId: string, currency = 'EUR', operatorId = 'op-test'): Promise<string> {
    return this.process.openSession(operatorId, playerId, currency);
  }

  async registerTables(tables: readonly LedgerCatalogueTable[]): Promise<void> {
    for (const t of tables) await this.process.putTable(t);
  }

  approveVoid(tableId: string, roundId: string, reason?: string) {
    return this.process.approveVoid(tableId, roundId, reason);
  }

  serviceEnv(): Record<string, string> {
    return { LEDGER_URL: this.process.url, LEDGER_BACKOFFICE_TOKEN: this.process.backOfficeToken() };
  }

  async stop(): Promise<void> {
    await this.process.stop();
    await this.dropDatabase();
  }
}

export interface TestLedgerOptions {
  topicPrefix: string;
  brokers: string[];
  /** A fresh database for the real ledger (createTestDatabase), with a way to drop it. */
  database: () => Promise<{ url: string; drop(): Promise<void> }>;
}

export async function startTestLedger(options: TestLedgerOptions): Promise<TestLedger> {
  if (!ledgerBuilt()) {
    throw new Error(
      'apps/bet-ledger is not built: run `npx turbo run build` (npm test does) before the service tests',
    );
  }
  const db = await options.database();
  const ledger = await LedgerProcess.launch({
    databaseUrl: db.url,
    topicPrefix: options.topicPrefix,
    // The ledger principal may join only groups named `<prefix>bet-ledger…` on a SASL broker.
    groupId: `${options.topicPrefix}bet-ledger-${randomUUID()}`,
    brokers: options.brokers,
  });
  return new RealLedger(ledger, () => db.drop());
}

/** Polls until `check` holds (e.g. a balance after a refund). */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
