import { Topics } from '@casino/events';
import { KafkaClient, KafkaConsumer } from '@casino/kafka';
import { CommandCombiner } from './command.combiner';
import { LedgerLog } from '../observability/ledger-log';
import { LedgerProcessor } from './ledger.processor';
import { OffsetCommitter } from './offset.committer';
import { profiler } from '../observability/profiler';

export interface ConsumerOptions {
  groupId: string;
  partitionsConcurrency: number;
  sessionTimeoutMs: number;
  heartbeatMs: number;
  offsetCommitIntervalMs: number;
}

export interface ConsumerCounters {
  batches: number;
  messages: number;
  accepted: number;
  rejected: number;
  cancelled: number;
  cancelRejected: number;
  duplicates: number;
  invalid: number;
  lastBatchAt: number;
}

/**
 * Consumes bet commands and round events with eachBatch and autoCommit off. Per batch: one PostgreSQL
 * transaction (LedgerProcessor), then the Kafka offset, committed in the background (OffsetCommitter) so the next
 * fetch does not wait for it. A crash between the two only redelivers the batch, which the processed-events
 * table absorbs.
 */
export class LedgerConsumer {
  private consumer?: KafkaConsumer;
  private offsets?: OffsetCommitter;
  readonly counters: ConsumerCounters = {
    batches: 0,
    messages: 0,
    accepted: 0,
    rejected: 0,
    cancelled: 0,
    cancelRejected: 0,
    duplicates: 0,
    invalid: 0,
    lastBatchAt: 0,
  };
  running = false;
  private readonly combiner: CommandCombiner;

  constructor(
    private readonly kafka: KafkaClient,
    private readonly topics: Topics,
    private readonly processor: LedgerProcessor,
    private readonly options: ConsumerOptions,
    private readonly logger: LedgerLog,
  ) {
    this.combiner = new CommandCombiner(processor);
  }

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeoutMs: this.options.sessionTimeoutMs,
      heartbeatIntervalMs: this.options.heartbeatMs,
      maxWaitTimeMs: 100,
      maxBytesPerPartition: 1_048_576,
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [this.topics.rounds, this.topics.betCommands], fromBeginning: true });
    consumer.onCrash(({ error, restart }) => {
      this.running = false;
      this.logger.error(`consumer crashed: ${String(error)} (restart: ${restart})`);
      if (restart) this.running = true;
    });
    const offsets = new OffsetCommitter(
      (list) => profiler.time('kafka.commitOffsets', () => consumer.commitOffsets(list)),
      (err) => this.logger.warn(`offset commit failed (the batches will be redelivered and skipped): ${err}`),
      this.options.offsetCommitIntervalMs,
    );
    this.offsets = offsets;
    await consumer.runBatches(
      async (batch, { resolveOffset, heartbeat, isRunning, isStale }) => {
        if (batch.messages.length === 0 || !isRunning() || isStale()) return;
        const stats =
          batch.topic === this.topics.betCommands
            ? await this.combiner.submit(batch.topic, batch.messages)
            : await this.processor.processBatch(batch.topic, batch.messages);
        const last = batch.messages[batch.messages.length - 1].offset;
        resolveOffset(last);
        offsets.commit({
          topic: batch.topic,
          partition: batch.partition,
          offset: (BigInt(last) + 1n).toString(),
        });
        const c = this.counters;
        c.batches++;
        c.messages += stats.messages;
        c.accepted += stats.accepted;
        c.rejected += stats.rejected;
        c.cancelled += stats.cancelled;
        c.cancelRejected += stats.cancelRejected;
        c.duplicates += stats.duplicates;
        c.invalid += stats.invalid;
        c.lastBatchAt = Date.now();
        await heartbeat();
      },
      { autoResolve: false, partitionsConsumedConcurrently: this.options.partitionsConcurrency },
    );
    this.running = true;
  }

  async stop(): Promise<void> {
    this.running = false;
    await this.offsets?.drain();
    await this.consumer?.disconnect();
  }
}
