import { profiler } from '../observability/profiler';
import { RetryControls } from '../quarantine/retry.policy';
import { BatchStats, emptyStats, IncomingBatch } from './ledger.processor';

/** What the combiner needs to decide a group: decode it, then decide its commands with isolation. */
export interface GroupDecider {
  decideGroup(batches: readonly IncomingBatch[], controls: RetryControls): Promise<BatchStats>;
}

interface Pending {
  batch: IncomingBatch;
  controls: RetryControls;
  resolve: (stats: BatchStats) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for bet commands. The Kafka client (kafkajs today) hands over one partition's batch at a time
 * (several partitions concurrently); this gathers every batch that arrives while a transaction runs and decides
 * them all in the next single transaction. Light load: small, fast transactions (latency); heavy load: large ones
 * (throughput). Each partition still has at most one batch in flight, so per-player order holds. A group whose
 * transaction fails is split by the PoisonIsolator until the bad command is parked, so it never holds up the
 * other partitions.
 *
 * The first transaction starts on the next macrotask, not at the first submit: kafkajs hands the batches of one
 * fetch to its workers over a few promise hops, and starting at once would decide the first partition alone and
 * make every other partition of that fetch wait for a second transaction (kafkajs fetches again only when all
 * of them are done).
 */
export class CommandCombiner {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly decider: GroupDecider) {}

  submit(batch: IncomingBatch, controls: RetryControls = {}): Promise<BatchStats> {
    return new Promise((resolve, reject) => {
      this.queue.push({ batch, controls, resolve, reject });
      if (this.running) return;
      this.running = true;
      setImmediate(() => void this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const group = this.queue;
        this.queue = [];
        profiler.add('groupBatches', group.length);
        // A long retry (the database away) keeps the group alive through any of its partitions' controls.
        const controls: RetryControls = {
          heartbeat: () => group[0].controls.heartbeat?.() ?? Promise.resolve(),
          isRunning: () => group.every((p) => p.controls.isRunning?.() ?? true),
        };
        try {
          const stats = await this.decider.decideGroup(
            group.map((p) => p.batch),
            controls,
          );
          // Stats are per group; each batch reports the group's (the consumer only sums them for /health).
          group.forEach((p, i) => p.resolve(i === 0 ? stats : emptyStats()));
        } catch (err) {
          // Only a stopping consumer or a bug gets here: the batches are redelivered.
          for (const p of group) p.reject(err);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
