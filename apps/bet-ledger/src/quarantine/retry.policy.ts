import { LedgerLog } from '../observability/ledger-log';
import { ApplyFailure, classifyFailure } from './failure.classifier';

/** What a long retry needs from the consumer: stay in the group, and stop when the consumer stops. */
export interface RetryControls {
  heartbeat?(): Promise<void>;
  isRunning?(): boolean;
}

export interface RetryOptions {
  /** Tries of a failing unit before it is split or parked (transient failures do not count). */
  attempts: number;
  /** First pause after a failure; doubled after each, up to maxBackoffMs. */
  backoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_OPTIONS: RetryOptions = { attempts: 3, backoffMs: 50, maxBackoffMs: 5_000 };

export type Attempted<T> =
  { ok: true; value: T } | { ok: false; failure: ApplyFailure; attempts: number; firstFailedAt: Date };

/** The consumer is stopping while a unit waits for the database: the unit is left for redelivery. */
export class ConsumerStoppedError extends Error {
  constructor() {
    super('the consumer stopped while retrying');
    this.name = 'ConsumerStoppedError';
  }
}

/**
 * Runs a unit of work (one transaction) with the ledger's failure policy: transient failures are retried without
 * end, with growing pauses (heartbeating meanwhile); other failures up to `attempts` times, after which the
 * caller gets the failure to split or park the unit.
 */
export class RetryPolicy {
  /** Transient failures retried since the start (health). */
  transientRetries = 0;

  constructor(
    readonly options: RetryOptions,
    private readonly log: LedgerLog,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
  ) {}

  async attempt<T>(
    label: string,
    work: () => Promise<T>,
    controls: RetryControls = {},
    attempts = this.options.attempts,
  ): Promise<Attempted<T>> {
    let failed = 0;
    let transient = 0;
    let firstFailedAt: Date | undefined;
    for (;;) {
      if (controls.isRunning && !controls.isRunning()) throw new ConsumerStoppedError();
      try {
        return { ok: true, value: await work() };
      } catch (err) {
        // A failure while stopping (the pool closing under the transaction) says nothing about the message.
        if (controls.isRunning && !controls.isRunning()) throw new ConsumerStoppedError();
        const failure = classifyFailure(err);
        if (failure.transient) {
          transient++;
          this.transientRetries++;
          const pause = this.backoff(transient);
          // One line per doubling, so a long outage does not flood the log.
          if ((transient & (transient - 1)) === 0)
            this.log.warn(
              `${label}: transient failure ${failure.code} (${failure.message}); retrying in ${pause} ms` +
                ` (retry ${transient}, never parked)`,
            );
          await this.pause(pause, controls);
          continue;
        }
        failed++;
        firstFailedAt ??= new Date();
        if (failed >= attempts) return { ok: false, failure, attempts: failed, firstFailedAt };
        this.log.warn(`${label}: ${failure.code} (${failure.message}); attempt ${failed} of ${attempts}`);
        await this.pause(this.backoff(failed), controls);
      }
    }
  }

  /** Like `attempt` for work that must succeed (parking itself): every failure is retried. */
  async untilDone<T>(label: string, work: () => Promise<T>, controls: RetryControls = {}): Promise<T> {
    for (let n = 1; ; n++) {
      const r = await this.attempt(label, work, controls, 1);
      if (r.ok) return r.value;
      this.log.error(`${label}: ${r.failure.code} (${r.failure.message}); retrying`);
      await this.pause(this.backoff(n), controls);
    }
  }

  private backoff(n: number): number {
    const { backoffMs, maxBackoffMs } = this.options;
    return Math.min(maxBackoffMs, backoffMs * 2 ** Math.min(n - 1, 20));
  }

  private async pause(ms: number, controls: RetryControls): Promise<void> {
    await this.sleep(ms);
    // A rebalance makes heartbeat throw; the batch goes on and its commit is absorbed by the processed ids.
    await controls.heartbeat?.().catch(() => undefined);
  }
}
