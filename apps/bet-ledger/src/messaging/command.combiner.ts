import { BatchStats, emptyStats, IncomingMessage, LedgerProcessor } from './ledger.processor';
import { profiler } from '../observability/profiler';

interface Pending {
  topic: string;
  messages: readonly IncomingMessage[];
  resolve: (stats: BatchStats) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for bet commands. The Kafka client (kafkajs today) hands over one partition's batch at a time (several partitions
 * concurrently); this gathers every batch that arrives while a transaction runs and decides them all in the next
 * single transaction. Light load: small, fast transactions (latency); heavy load: large ones (throughput). Each
 * partition still has at most one batch in flight, so per-player order holds. If a group fails, its batches are
 * retried one by one so a poison batch cannot hold up the other partitions.
 *
 * The first transaction starts on the next macrotask, not at the first submit: kafkajs hands the batches of one
 * fetch to its workers over a few promise hops, and starting at once would decide the first partition alone and
 * make every other partition of that fetch wait for a second transaction (kafkajs fetches again only when all
 * of them are done).
 */
export class CommandCombiner {
  private queue: Pending[] = [];
  private running = false;

  constructor(private readonly processor: LedgerProcessor) {}

  submit(topic: string, messages: readonly IncomingMessage[]): Promise<BatchStats> {
    return new Promise((resolve, reject) => {
      this.queue.push({ topic, messages, resolve, reject });
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
        try {
          const stats = await this.processor.processBatches(group);
          // Stats are per group; each batch reports the group's (the consumer only sums them for /health).
          group.forEach((p, i) => p.resolve(i === 0 ? stats : emptyStats()));
        } catch (err) {
          if (group.length === 1) {
            group[0].reject(err);
            continue;
          }
          for (const p of group) {
            await this.processor.processBatch(p.topic, p.messages).then(p.resolve, p.reject);
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}
