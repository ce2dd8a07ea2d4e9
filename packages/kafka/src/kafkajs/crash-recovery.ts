import type { Consumer } from 'kafkajs';

/**
 * Crashes kafkajs gives up on although the cluster is only away for a while (a broker restarting): it reports
 * "Failed to find group coordinator" (KafkaJSGroupCoordinatorNotFound) and some connection failures as
 * non-retriable, and a consumer that crashed so never consumes again while its process looks healthy. kafkajs
 * swallows the cause of a failed coordinator lookup (a refused connection and a refused group ACL look the same),
 * so that one is always retried, with back-off, each attempt reported as a crash; protocol and configuration
 * errors are not in the list and stay fatal.
 */
const TRANSIENT = new Set([
  'KafkaJSGroupCoordinatorNotFound',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSBrokerNotFound',
  'KafkaJSRequestTimeoutError',
]);

/** Whether `error` or any of its causes is a transient cluster failure. */
export function isTransientCrash(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name && TRANSIENT.has(e.name)) return true;
  }
  return false;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

/**
 * Restarts a kafkajs consumer after a transient crash kafkajs does not restart itself: reconnects and runs it
 * again with the same handler (its subscriptions are kept), backing off from 0.5 s to 5 s while the cluster
 * stays away. kafkajs's own restarts (retriable crashes) are left to it.
 */
export class CrashRecovery {
  private rerun?: () => Promise<void>;
  private stopped = false;
  private attempts = 0;
  private timer?: NodeJS.Timeout;

  constructor(private readonly consumer: Consumer) {
    consumer.on(consumer.events.CRASH, ({ payload }) => {
      if (this.willRecover(payload)) this.schedule();
    });
    // A consumer that joins again has recovered: the next outage backs off from the start.
    consumer.on(consumer.events.GROUP_JOIN, () => (this.attempts = 0));
  }

  /** The consumer's run, to repeat after a crash. */
  running(rerun: () => Promise<void>): void {
    this.rerun = rerun;
  }

  /** Whether a crash is followed by a restart, by kafkajs or by this recovery. */
  willRecover(crash: { error: Error; restart: boolean }): boolean {
    if (crash.restart) return false;
    return !this.stopped && this.rerun !== undefined && isTransientCrash(crash.error);
  }

  /** The consumer is being disconnected on purpose: no more restarts. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(): void {
    const delay = Math.min(FIRST_DELAY_MS * 2 ** this.attempts, MAX_DELAY_MS);
    this.attempts++;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.restart(), delay);
    this.timer.unref?.();
  }

  private async restart(): Promise<void> {
    if (this.stopped || !this.rerun) return;
    try {
      await this.consumer.connect();
      // Disconnected on purpose while connecting: leave nothing open.
      if (this.stopped) return void (await this.consumer.disconnect());
      // A failed join inside the run crashes again and comes back here through the CRASH event.
      await this.rerun();
    } catch {
      if (!this.stopped) this.schedule();
    }
  }
}
