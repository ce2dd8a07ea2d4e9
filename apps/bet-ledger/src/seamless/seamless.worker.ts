import { PlaceBetEvent } from '@casino/events';
import { WalletEndpoint } from '@casino/operator-protocol';
import { Sql, sqlOf } from '@casino/wallet';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { SecretBox } from '../operators/secret-box';
import { TransactionRunner } from '../transaction/transaction.runner';
import { sendSeamlessCall } from './seamless-calls';
import { SeamlessBatches } from './seamless-batches';
import { DECIDE_BET_COMMANDS, DecideBetCommands } from './seamless-check';
import { SeamlessDeps } from './seamless-deps';
import { advanceSeamlessBet } from './seamless-funding';
import { advanceSeamlessGroup } from './seamless-batch-debit';
import { roundLinker } from './seamless-v2-calls';
import { queueFinishedCreditsV2 } from './seamless-v2.repository';
import { debitTxOf, storedCommand } from './seamless-intake';
import { loadEndpoint } from './seamless-operators';
import { RetrySchedule } from './seamless-policy';
import { HandedBets } from './seamless-handoff';
import { onSeamlessWork, SeamlessReceiver } from './seamless-signal';
import {
  claimDueBets,
  claimDueCalls,
  operatorsWithWork,
  queueFinishedCredits,
  releaseBets,
} from './seamless.repository';

/** Finished bets whose credits one scan queues (a big round's are queued over a few pumps). */
const CREDITS_PER_SCAN = 1_000;

/** How long a read endpoint (URL, key) is reused before it is read again. */
const ENDPOINT_TTL_MS = 5_000;

/** One operator's pump: its own calls in flight, never more than the concurrency. */
interface OperatorPump {
  inFlight: number;
  pumping: boolean;
  again: boolean;
  /** When its finished bets were last looked for (at most once per poll interval, not after every call). */
  creditsScannedAt: number;
  handed: HandedBets;
}

/**
 * Drives the seamless wallet from PostgreSQL, like an outbox relay: per operator, it claims due bets (debit,
 * then decision) and due credits and rollbacks, and queues the credits of bets whose round has ended. Each
 * operator has its own pump with bounded calls in flight, so one operator's slow or dead wallet never delays
 * another's players, and the Kafka partitions never wait for any. Claims are leases (see claimDueBets): several
 * ledger instances share the work, and a crashed one's claims are taken again when they lapse.
 */
@Injectable()
export class SeamlessWorker implements OnApplicationBootstrap, OnApplicationShutdown, SeamlessReceiver {
  private readonly logger = new Logger('Seamless');
  private readonly pumps = new Map<string, OperatorPump>();
  private readonly endpoints = new Map<string, { at: number; endpoint: WalletEndpoint | undefined }>();
  private readonly deps: SeamlessDeps;
  private readonly batches: SeamlessBatches;
  private readonly schedule: RetrySchedule;
  private readonly box: SecretBox;
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private stopped = false;
  private readonly running = new Set<Promise<void>>();
  /** The version 2 debit calls this process is making: a claim of another of their bets starts nothing. */
  private readonly groupsInFlight = new Set<string>();

  constructor(
    private readonly dataSource: DataSource,
    transactions: TransactionRunner,
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    @Inject(DECIDE_BET_COMMANDS) decide: DecideBetCommands,
  ) {
    this.box = new SecretBox(config.LEDGER_SECRETS_KEY);
    this.schedule = { firstMs: config.LEDGER_SEAMLESS_RETRY_MS, maxMs: config.LEDGER_SEAMLESS_RETRY_MAX_MS };
    this.deps = {
      decide,
      transactions,
      endpoint: (operatorId) => this.endpoint(operatorId),
      read: (work) => this.withSql(work),
      timeoutMs: config.LEDGER_SEAMLESS_TIMEOUT_MS,
      roundLink: roundLinker(config.LOBBY_URL, config.LEDGER_SECRETS_KEY),
      log: this.logger,
    };
    this.batches = new SeamlessBatches(this.deps);
  }

  /** A claim outlives the slowest call and its transaction, so no live worker loses its claim. */
  get leaseMs(): number {
    return this.config.LEDGER_SEAMLESS_TIMEOUT_MS * 2 + 5_000;
  }

  onApplicationBootstrap(): void {
    if (!this.config.LEDGER_SEAMLESS_ENABLED) return;
    this.unsubscribe = onSeamlessWork(this);
    this.timer = setInterval(() => void this.poll(), this.config.LEDGER_SEAMLESS_POLL_MS);
    this.timer.unref();
    void this.poll();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    // Calls in flight finish (their outcome recorded); what was not claimed waits in PostgreSQL.
    await Promise.allSettled([...this.running]);
    await this.releaseHanded();
  }

  wake(operatorId: string): void {
    this.pump(operatorId);
  }

  room(operatorId: string, wanted: number): number {
    const p = this.pumpOf(operatorId);
    return this.stopped ? 0 : p.handed.room(wanted, this.config.LEDGER_SEAMLESS_CONCURRENCY - p.inFlight);
  }

  take(operatorId: string, bets: readonly PlaceBetEvent[]): void {
    const p = this.pumpOf(operatorId);
    p.handed.push(bets);
    this.startHanded(operatorId, p);
  }

  /** Pumps every operator with work; what the wake-ups missed (other instances, restarts, retries) is found here. */
  async poll(): Promise<void> {
    if (this.stopped) return;
    try {
      const operators = await this.withSql(operatorsWithWork);
      for (const op of operators) this.pump(op);
    } catch (err) {
      this.logger.warn(`seamless poll failed: ${(err as Error).message}`);
    }
  }

  private pumpOf(operatorId: string): OperatorPump {
    let p = this.pumps.get(operatorId);
    if (!p)
      this.pumps.set(
        operatorId,
        (p = {
          inFlight: 0,
          pumping: false,
          again: false,
          creditsScannedAt: 0,
          handed: new HandedBets(this.leaseMs),
        }),
      );
    return p;
  }

  private pump(operatorId: string): void {
    if (this.stopped) return;
    const p = this.pumpOf(operatorId);
    if (p.pumping) {
      p.again = true;
      return;
    }
    p.pumping = true;
    this.track(
      this.fill(operatorId, p)
        .catch((err) => this.logger.warn(`seamless ${operatorId}: ${(err as Error).message}`))
        .finally(() => {
          p.pumping = false;
          if (p.again) {
            p.again = false;
            this.pump(operatorId);
          }
        }),
    );
  }

  /** Claims work up to the operator's free slots and starts it; each finished item pumps again. */
  private async fill(operatorId: string, p: OperatorPump): Promise<void> {
    const limit = this.config.LEDGER_SEAMLESS_CONCURRENCY;
    this.startHanded(operatorId, p);
    if (Date.now() - p.creditsScannedAt >= this.config.LEDGER_SEAMLESS_POLL_MS) {
      p.creditsScannedAt = Date.now();
      const queued = await this.withSql((sql) => queueFinishedCredits(sql, operatorId, CREDITS_PER_SCAN));
      await this.withSql((sql) => queueFinishedCreditsV2(sql, operatorId));
      // A full scan leaves more behind: look again at the next pump.
      if (queued === CREDITS_PER_SCAN) p.creditsScannedAt = 0;
    }
    let free = limit - p.inFlight;
    if (free <= 0) return;
    const bets = await this.withSql((sql) => claimDueBets(sql, operatorId, free, this.leaseMs));
    p.handed.claimed(bets.length, free);
    free -= bets.length;
    const calls =
      free > 0
        ? await this.withSql((sql) =>
            claimDueCalls(sql, operatorId, free, this.leaseMs, this.config.LEDGER_SEAMLESS_RETRY_HOURS),
          )
        : [];
    const groups = new Set(bets.flatMap((b) => (b.call_tx === null ? [] : [b.call_tx])));
    const work = [
      ...bets
        .filter((b) => b.call_tx === null)
        .map((b) => () => advanceSeamlessBet(this.deps, this.batches, storedCommand(b.command), b.debit_tx)),
      ...[...groups]
        .filter((callTx) => !this.groupsInFlight.has(callTx))
        .map((callTx) => () => this.advanceGroup(callTx)),
      ...calls.map((c) => () => sendSeamlessCall(this.deps, this.batches, this.schedule, c)),
    ];
    for (const item of work) this.start(operatorId, p, item);
  }

  /** A version 2 debit call of claimed bets, once per process at a time (another claim of its bets waits). */
  private async advanceGroup(callTx: string): Promise<void> {
    this.groupsInFlight.add(callTx);
    try {
      await advanceSeamlessGroup(this.deps, this.batches, callTx);
    } finally {
      this.groupsInFlight.delete(callTx);
    }
  }

  /** Starts the handed-over bets there are free slots for. */
  private startHanded(operatorId: string, p: OperatorPump): void {
    if (this.stopped) return;
    while (p.inFlight < this.config.LEDGER_SEAMLESS_CONCURRENCY) {
      const bet = p.handed.next();
      if (!bet) return;
      this.start(operatorId, p, () => advanceSeamlessBet(this.deps, this.batches, bet, debitTxOf(bet.id)));
    }
  }

  private start(operatorId: string, p: OperatorPump, item: () => Promise<void>): void {
    p.inFlight++;
    this.track(
      item()
        .catch((err) => this.logger.error(`seamless ${operatorId}: ${(err as Error).message}`))
        .finally(() => {
          p.inFlight--;
          this.pump(operatorId);
        }),
    );
  }

  /** At shutdown, handed-over bets not started are released, to be claimed at once (after a restart, elsewhere). */
  private async releaseHanded(): Promise<void> {
    const ids = [...this.pumps.values()].flatMap((p) => p.handed.drain());
    if (ids.length === 0) return;
    try {
      await this.withSql((sql) => releaseBets(sql, ids));
    } catch (err) {
      this.logger.warn(
        `seamless: ${ids.length} handed-over bets wait for their lease to lapse (${(err as Error).message})`,
      );
    }
  }

  private track(promise: Promise<void>): void {
    this.running.add(promise);
    void promise.finally(() => this.running.delete(promise));
  }

  private async endpoint(operatorId: string): Promise<WalletEndpoint | undefined> {
    const cached = this.endpoints.get(operatorId);
    if (cached && Date.now() - cached.at < ENDPOINT_TTL_MS) return cached.endpoint;
    const endpoint = await this.withSql((sql) => loadEndpoint(sql, this.box, operatorId));
    this.endpoints.set(operatorId, { at: Date.now(), endpoint });
    return endpoint;
  }

  /** The worker's reads and claims are single statements: each commits on its own, without BEGIN and COMMIT. */
  private async withSql<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    try {
      return await work(sqlOf(runner));
    } finally {
      await runner.release();
    }
  }
}
