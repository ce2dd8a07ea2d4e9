import { gameTopics, prefixedTopics, prefixedTopicSpecs, Topics } from '@casino/events';
import { createKafkaClient, ensureTopics, KafkaClient, missingTopics } from '@casino/kafka';
import { sqlOf } from '@casino/wallet';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LEDGER_CONFIG, LedgerConfig } from '../config/ledger-config';
import { runLedgerMigrations } from '../database/data-source';
import { guardPoolClients } from '../database/pool-guard';
import { TableMaintenanceJob } from '../database/table-maintenance.job';
import { OutboxRelay } from '../outbox/outbox.relay';
import { roundsWithPendingEvents } from '../pending-round-events/pending-round-events.repository';
import { QuarantineParker } from '../quarantine/quarantine.parker';
import { QuarantineRefresher } from '../quarantine/quarantine.refresher';
import { QuarantineRegistry } from '../quarantine/quarantine.registry';
import { RetryPolicy } from '../quarantine/retry.policy';
import { TransactionRunner } from '../transaction/transaction.runner';
import { EventApplier } from '../use-cases/apply-event/event.applier';
import { ConsumerSlot } from './consumer-slot';
import { ConsumerCounters, LedgerConsumer } from './kafka.consumer';
import { LedgerProcessor } from './ledger.processor';
import { PoisonIsolator } from './poison.isolator';
import { ProcessedEventsPruner } from './processed-events.pruner';
import { phase } from './start-phases';

export interface LedgerHealth {
  status: 'ok' | 'down';
  database: boolean;
  consumer: (ConsumerCounters & { running: boolean }) | null;
  relay: { leader: boolean; published: number; lastError: string | null } | null;
  outboxUnsent: number | null;
  processedIdsPruned: number | null;
  /** Parked messages: still open (all instances), parked by this process, and transient failures retried. */
  quarantine: {
    open: number | null;
    parkedHere: number;
    lastParkedAt: string | null;
    transientRetries: number;
  };
  /** Round events kept until their round opens. */
  pendingRoundEvents: number | null;
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
  /** Applies round events, parks poison messages (the consumer's and the back office's retries). */
  readonly applier: EventApplier;
  consumer?: LedgerConsumer;
  private slot?: ConsumerSlot;
  private refresher?: QuarantineRefresher;
  relay?: OutboxRelay;
  pruner?: ProcessedEventsPruner;
  private tableMaintenance?: TableMaintenanceJob;

  constructor(
    @Inject(LEDGER_CONFIG) private readonly config: LedgerConfig,
    private readonly dataSource: DataSource,
  ) {
    this.topics = prefixedTopics(config.KAFKA_TOPIC_PREFIX);
    guardPoolClients(dataSource, this.logger);
    this.transactions = new TransactionRunner(dataSource, this.topics, this.logger, (rows) =>
      this.relay?.handOff(rows),
    );
    const policy = new RetryPolicy(
      {
        attempts: config.LEDGER_POISON_ATTEMPTS,
        backoffMs: config.LEDGER_RETRY_BACKOFF_MS,
        maxBackoffMs: config.LEDGER_RETRY_MAX_BACKOFF_MS,
      },
      this.logger,
    );
    const parker = new QuarantineParker(
      dataSource,
      this.topics.deadLetter,
      new QuarantineRegistry(),
      policy,
      this.logger,
      (rows) => this.relay?.handOff(rows),
    );
    this.applier = new EventApplier(this.transactions, policy, parker, this.logger);
  }

  async health(): Promise<LedgerHealth> {
    let counts: { n: string; parked: string; pending: string } | null = null;
    try {
      [counts] = await this.dataSource.query<{ n: string; parked: string; pending: string }[]>(
        `SELECT (SELECT count(*) FROM ledger_outbox) AS n,
           (SELECT count(*) FROM ledger_quarantined_events WHERE status = 'parked') AS parked,
           (SELECT count(*) FROM ledger_pending_round_events) AS pending`,
      );
    } catch {
      counts = null;
    }
    const unsent = counts ? Number(counts.n) : null;
    const { consumer, relay, pruner } = this;
    const { parker, policy } = this.applier;
    return {
      status: unsent === null ? 'down' : 'ok',
      database: unsent !== null,
      consumer: consumer ? { running: consumer.running, ...consumer.counters } : null,
      relay: relay
        ? { leader: relay.leader, published: relay.published, lastError: relay.lastError ?? null }
        : null,
      outboxUnsent: unsent,
      processedIdsPruned: pruner ? pruner.pruned : null,
      quarantine: {
        open: counts ? Number(counts.parked) : null,
        parkedHere: parker.parked,
        lastParkedAt: parker.lastParkedAt,
        transientRetries: policy.transientRetries,
      },
      pendingRoundEvents: counts ? Number(counts.pending) : null,
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    const c = this.config;
    phase('bootstrap');
    if (c.LEDGER_MIGRATIONS_RUN) {
      const ran = await runLedgerMigrations(this.dataSource);
      if (ran.length > 0) this.logger.log(`migrations run: ${ran.join(', ')}`);
    }
    phase('migrated');
    if (c.LEDGER_TABLE_MAINTENANCE) {
      this.tableMaintenance = new TableMaintenanceJob(
        this.dataSource,
        { everyMs: c.LEDGER_ANALYZE_CHECK_MS, vacuumEveryMs: c.LEDGER_VACUUM_EVERY_MS },
        this.logger,
      );
      await this.tableMaintenance.start();
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
      phase('relay');
    }
    this.refresher = new QuarantineRefresher(this.dataSource, this.applier.parker.registry, this.logger);
    await this.refresher.refreshNow();
    this.refresher.start(c.LEDGER_QUARANTINE_REFRESH_MS);
    if (c.LEDGER_CONSUMER_ENABLED) {
      await this.drainLeftPending();
      const processor = new LedgerProcessor(
        this.dataSource,
        this.topics,
        { secret: c.PLAYER_TOKEN_SECRET, maxLifetimeSeconds: c.PLAYER_TOKEN_MAX_TTL_SECONDS },
        this.logger,
        (rows) => this.relay?.handOff(rows),
        this.applier,
      );
      const { policy, parker } = this.applier;
      this.slot = await ConsumerSlot.claim(c.DATABASE_URL, c.KAFKA_GROUP_ID, this.logger);
      // Two live instances never hold one slot: they stake into different bets-in-play shards.
      this.transactions.inPlayShard = this.slot.slot;
      this.consumer = new LedgerConsumer(
        kafka,
        this.topics,
        new PoisonIsolator(processor, policy, parker),
        {
          groupId: c.KAFKA_GROUP_ID,
          groupInstanceId: this.slot.instanceId,
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
      `consuming ${[...gameTopics(this.topics, 'betCommands'), ...gameTopics(this.topics, 'rounds')].join(', ')}` +
        ` as group ${c.KAFKA_GROUP_ID}` +
        (this.slot ? ` instance ${this.slot.instanceId}` : '') +
        ` (consumer ${c.LEDGER_CONSUMER_ENABLED ? 'on' : 'off'}, relay ${c.LEDGER_RELAY_ENABLED ? 'on' : 'off'})`,
    );
  }

  /** Kept events of rounds that opened before a crash let them be applied: applied before consuming. */
  private async drainLeftPending(): Promise<void> {
    const runner = this.dataSource.createQueryRunner();
    let rounds: { tableId: string; roundId: string }[];
    try {
      rounds = await roundsWithPendingEvents(sqlOf(runner));
    } finally {
      await runner.release();
    }
    for (const r of rounds) await this.applier.drainPending(r.tableId, r.roundId);
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
    await this.tableMaintenance?.stop();
    await this.refresher?.stop();
    await this.consumer?.stop().catch((e) => this.logger.warn(`consumer stop: ${e}`));
    // Only once the consumer has left: a successor may then take the same slot.
    await this.slot?.release();
    await this.relay?.stop().catch((e) => this.logger.warn(`relay stop: ${e}`));
  }
}
