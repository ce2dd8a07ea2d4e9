import { prefixedTopics, prefixedTopicSpecs, Topics } from '@casino/events';
import { createKafkaClient, ensureTopics, KafkaClient, missingTopics } from '@casino/kafka';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { runLedgerMigrations } from '../database/data-source';
import { OutboxRelay } from '../outbox/outbox.relay';
import { TransactionRunner } from '../transaction/transaction.runner';
import { ConsumerCounters, LedgerConsumer } from './kafka.consumer';
import { LedgerProcessor } from './ledger.processor';
import { ProcessedEventsPruner } from './processed-events.pruner';

export interface LedgerHealth {
  status: 'ok' | 'down';
  database: boolean;
  consumer: (ConsumerCounters & { running: boolean }) | null;
  relay: { leader: boolean; published: number; lastError: string | null } | null;
  outboxUnsent: number | null;
  processedIdsPruned: number | null;
}

/**
 * Boots the ledger's moving parts after the DataSource: migrations, then the relay, then the consumer; and runs
 * the REST use cases' transactions, whose outbox rows go to the same relay.
 */
@Injectable()
export class LedgerRuntime implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BetLedger');
  readonly topics: Topics;
  readonly transactions: TransactionRunner;
  consumer?: LedgerConsumer;
  relay?: OutboxRelay;
  pruner?: ProcessedEventsPruner;

  constructor(
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    private readonly dataSource: DataSource,
  ) {
    this.topics = prefixedTopics(config.KAFKA_TOPIC_PREFIX);
    this.transactions = new TransactionRunner(dataSource, this.topics, this.logger, (rows) =>
      this.relay?.handOff(rows),
    );
  }

  async health(): Promise<LedgerHealth> {
    let unsent: number | null = null;
    try {
      const [row] = await this.dataSource.query<{ n: string }[]>(`SELECT count(*) AS n FROM ledger_outbox`);
      unsent = Number(row.n);
    } catch {
      unsent = null;
    }
    const { consumer, relay, pruner } = this;
    return {
      status: unsent === null ? 'down' : 'ok',
      database: unsent !== null,
      consumer: consumer ? { running: consumer.running, ...consumer.counters } : null,
      relay: relay
        ? { leader: relay.leader, published: relay.published, lastError: relay.lastError ?? null }
        : null,
      outboxUnsent: unsent,
      processedIdsPruned: pruner ? pruner.pruned : null,
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const c = this.config;
    if (c.LEDGER_MIGRATIONS_RUN) {
      const ran = await runLedgerMigrations(this.dataSource);
      if (ran.length > 0) this.logger.log(`migrations run: ${ran.join(', ')}`);
    }
    if (!c.LEDGER_CONSUMER_ENABLED && !c.LEDGER_RELAY_ENABLED) return;
    const kafka = createKafkaClient({
      clientId: c.KAFKA_CLIENT_ID,
      brokers: c.KAFKA_BROKERS,
      retry: { retries: 10, initialRetryTimeMs: 200 },
      security: c.KAFKA_CLIENT_SECURITY,
    });
    await this.ensureTopics(kafka);
    if (c.LEDGER_RELAY_ENABLED) {
      this.relay = new OutboxRelay(
        this.dataSource,
        kafka,
        { pollMs: c.LEDGER_RELAY_POLL_MS, batchSize: c.LEDGER_RELAY_BATCH },
        this.logger,
      );
      await this.relay.start();
    }
    if (c.LEDGER_CONSUMER_ENABLED) {
      const processor = new LedgerProcessor(this.dataSource, this.topics, this.logger, (rows) =>
        this.relay?.handOff(rows),
      );
      this.consumer = new LedgerConsumer(
        kafka,
        this.topics,
        processor,
        {
          groupId: c.KAFKA_GROUP_ID,
          partitionsConcurrency: c.LEDGER_PARTITIONS_CONCURRENCY,
          sessionTimeoutMs: c.KAFKA_SESSION_TIMEOUT_MS,
          heartbeatMs: c.KAFKA_HEARTBEAT_MS,
          offsetCommitIntervalMs: c.KAFKA_OFFSET_COMMIT_INTERVAL_MS,
        },
        this.logger,
      );
      await this.consumer.start();
      this.pruner = new ProcessedEventsPruner(
        this.dataSource,
        { retentionHours: c.LEDGER_DEDUPE_RETENTION_HOURS, everyMs: c.LEDGER_PRUNE_EVERY_MS },
        this.logger,
      );
      this.pruner.start();
    }
    this.logger.log(
      `consuming ${this.topics.betCommands} and ${this.topics.rounds} as group ${c.KAFKA_GROUP_ID}` +
        ` (consumer ${c.LEDGER_CONSUMER_ENABLED ? 'on' : 'off'}, relay ${c.LEDGER_RELAY_ENABLED ? 'on' : 'off'})`,
    );
  }

  /** Fails fast naming the missing topics, or creates them when LEDGER_CREATE_TOPICS is on. */
  private async ensureTopics(kafka: KafkaClient): Promise<void> {
    const specs = prefixedTopicSpecs(this.config.KAFKA_TOPIC_PREFIX);
    if (!this.config.LEDGER_CREATE_TOPICS) {
      const missing = await missingTopics(
        kafka,
        specs.map((t) => t.name),
      );
      if (missing.length > 0)
        throw new Error(`missing Kafka topics: ${missing.join(', ')} (run npm run infra:up)`);
      return;
    }
    const created = await ensureTopics(
      kafka,
      specs.map((t) => ({ topic: t.name, numPartitions: t.partitions })),
    );
    if (created.length > 0) this.logger.log(`created topics ${created.join(', ')}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pruner?.stop();
    await this.consumer?.stop().catch((e) => this.logger.warn(`consumer stop: ${e}`));
    await this.relay?.stop().catch((e) => this.logger.warn(`relay stop: ${e}`));
  }
}
