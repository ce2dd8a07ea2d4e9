import { gameTopics, Topics } from '@casino/events';
import { KafkaClient, KafkaConsumer } from '@casino/kafka';
import { CommandCombiner } from './command.combiner';
import { LedgerLog } from '../observability/ledger-log';
import { BatchStats } from './ledger.processor';
import { OffsetCommitter } from './offset.committer';
import { PoisonIsolator } from './poison.isolator';
import { phase } from './start-phases';
import { profiler } from '../observability/profiler';
import { RetryControls } from '../quarantine/retry.policy';

export interface ConsumerOptions {
  groupId: string;
  /** Static membership: the same id after a restart takes the partitions back at once (ConsumerSlot). */
  groupInstanceId?: string;
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
  /** Commands rejected ROUND_QUARANTINED / PLAYER_QUARANTINED. */
  held: number;
  /** Messages parked (quarantine table + dead-letter topic). */
  parked: number;
  /** Round events kept until their round opens. */
  pending: number;
  lastBatchAt: number;
}

/**
 * Consumes bet commands and round events with eachBatch and autoCommit off. Per batch: its PostgreSQL
 * transactions (bet commands gathered across partitions by the CommandCombiner, each decided with the
 * PoisonIsolator; round events one transaction each), then the Kafka offset, committed in the background
 * (OffsetCommitter) so the next fetch does not wait for it. A message that cannot be applied is parked, so the
 * offset always moves past it; a crash before the commit only redelivers, which the processed-events table
 * absorbs.
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
    held: 0,
    parked: 0,
    pending: 0,
    lastBatchAt: 0,
  };
  running = false;
  private stopping = false;
  private readonly combiner: CommandCombiner;

  constructor(
    private readonly kafka: KafkaClient,
    private readonly topics: Topics,
    private readonly isolator: PoisonIsolator,
    private readonly options: ConsumerOptions,
    private readonly logger: LedgerLog,
  ) {
    this.combiner = new CommandCombiner(isolator);
  }

  async start(): Promise<void> {
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      groupInstanceId: this.options.groupInstanceId,
      sessionTimeoutMs: this.options.sessionTimeoutMs,
      heartbeatIntervalMs: this.options.heartbeatMs,
      maxWaitTimeMs: 100,
      maxBytesPerPartition: 1_048_576,
      retry: { retries: 10 },
    });
    this.consumer = consumer;
    await consumer.connect();
    phase('connected');
    // Every game's round events and bet commands: each game's service may write only its own (ACLs).
    const commandTopics = new Set(gameTopics(this.topics, 'betCommands'));
    await consumer.subscribe({
      topics: [...gameTopics(this.topics, 'rounds'), ...commandTopics],
      fromBeginning: true,
    });
    // Machine-readable like the ready line: the crash test times a restart's phases from them.
    consumer.onGroupJoin(() => phase('joined'));
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
        const controls: RetryControls = { heartbeat, isRunning: () => isRunning() && !this.stopping };
        const incoming = { topic: batch.topic, partition: batch.partition, messages: batch.messages };
        const stats = commandTopics.has(batch.topic)
          ? await this.combiner.submit(incoming, controls)
          : await this.isolator.decideGroup([incoming], controls);
        const last = batch.messages[batch.messages.length - 1].offset;
        resolveOffset(last);
        offsets.commit({
          topic: batch.topic,
          partition: batch.partition,
          offset: (BigInt(last) + 1n).toString(),
        });
        phase('deciding');
        this.count(stats);
        await heartbeat();
      },
      { autoResolve: false, partitionsConsumedConcurrently: this.options.partitionsConcurrency },
    );
    this.running = true;
  }

  private count(stats: BatchStats): void {
    const c = this.counters;
    c.batches++;
    c.messages += stats.messages;
    c.accepted += stats.accepted;
    c.rejected += stats.rejected;
    c.cancelled += stats.cancelled;
    c.cancelRejected += stats.cancelRejected;
    c.duplicates += stats.duplicates;
    c.invalid += stats.invalid;
    c.held += stats.held;
    c.parked += stats.parked;
    c.pending += stats.pending;
    c.lastBatchAt = Date.now();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.stopping = true;
    await this.offsets?.drain();
    await this.consumer?.disconnect();
  }
}
