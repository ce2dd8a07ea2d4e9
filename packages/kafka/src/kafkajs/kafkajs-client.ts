// The kafkajs adapter of the Kafka port: the only code that imports kafkajs.
import {
  Admin,
  Consumer,
  Kafka,
  KafkaConfig,
  logLevel,
  PartitionAssigners,
  Partitioners,
  Producer,
  RetryOptions,
  SASLOptions,
  TopicMessages as KafkaJsTopicMessages,
} from 'kafkajs';
import { ConnectionOptions } from 'node:tls';
import { AclBinding, AclBindingFilter } from '../port/acl';
import { KafkaSecurity } from '../port/transport-security';
import {
  BatchHandler,
  ClusterDescription,
  GroupTopicOffsets,
  PartitionWatermarks,
  ConsumerCrash,
  ConsumerOptions,
  KafkaAdmin,
  KafkaClient,
  KafkaClientConfig,
  KafkaConsumer,
  KafkaLogLevel,
  KafkaProducer,
  KafkaRetryOptions,
  MessageHandler,
  PartitionAssignment,
  ProducerOptions,
  RunBatchesOptions,
  SubscribeOptions,
  TopicMessages,
  TopicMetadata,
  TopicPartitionOffset,
  TopicRequest,
  Unsubscribe,
} from '../port/kafka-port';
import { aclBindingsOf, kafkaJsAclEntry, kafkaJsAclFilter } from './kafkajs-acls';
import { coPartitionedAssigner } from './co-partitioned-assigner';
import { CrashRecovery } from './crash-recovery';
import { installRequestQueueTimer } from './request-queue-timer';
import { partitionsLeftOut, SendLeftOutError } from './send-coverage';
import { staticMemberAssigners } from './static-membership';

const LOG_LEVELS: Record<KafkaLogLevel, logLevel> = {
  nothing: logLevel.NOTHING,
  error: logLevel.ERROR,
  warn: logLevel.WARN,
  info: logLevel.INFO,
  debug: logLevel.DEBUG,
};

function retryOf(retry: KafkaRetryOptions | undefined): RetryOptions | undefined {
  if (!retry) return undefined;
  const out: RetryOptions = {};
  if (retry.retries !== undefined) out.retries = retry.retries;
  if (retry.initialRetryTimeMs !== undefined) out.initialRetryTime = retry.initialRetryTimeMs;
  return out;
}

function saslOf(security: KafkaSecurity | undefined): SASLOptions | undefined {
  const sasl = security?.sasl;
  if (!sasl) return undefined;
  const { username, password } = sasl;
  // One branch per mechanism: kafkajs types the options per mechanism.
  switch (sasl.mechanism) {
    case 'scram-sha-512':
      return { mechanism: 'scram-sha-512', username, password };
    case 'scram-sha-256':
      return { mechanism: 'scram-sha-256', username, password };
  }
}

/** kafkajs's `ssl`: true for Node's default CAs, or the connection options with the given CAs. */
function sslOf(security: KafkaSecurity | undefined): ConnectionOptions | boolean | undefined {
  const tls = security?.tls;
  if (!tls) return undefined;
  return tls.ca ? { ca: [...tls.ca] } : true;
}

/** The port's client configuration as kafkajs's. */
export function kafkaJsConfig(config: KafkaClientConfig): KafkaConfig {
  const out: KafkaConfig = {
    clientId: config.clientId,
    brokers: [...config.brokers],
    logLevel: LOG_LEVELS[config.logLevel ?? 'error'],
  };
  const retry = retryOf(config.retry);
  if (retry) out.retry = retry;
  const sasl = saslOf(config.security);
  if (sasl) out.sasl = sasl;
  const ssl = sslOf(config.security);
  if (ssl !== undefined) out.ssl = ssl;
  return out;
}

export class KafkaJsClient implements KafkaClient {
  constructor(private readonly kafka: Kafka) {}

  static fromConfig(config: KafkaClientConfig): KafkaJsClient {
    // Before any connection: kafkajs's idle connections would otherwise spin a 1 ms timer (request-queue-timer.ts).
    installRequestQueueTimer();
    return new KafkaJsClient(new Kafka(kafkaJsConfig(config)));
  }

  producer(options: ProducerOptions = {}): KafkaProducer {
    return new KafkaJsProducer(
      this.kafka.producer({
        idempotent: options.idempotent ?? false,
        maxInFlightRequests: options.maxInFlightRequests,
        allowAutoTopicCreation: false,
        // kafkajs 2's default, named so that it does not warn: the Java client's murmur2 partitioner.
        createPartitioner: Partitioners.DefaultPartitioner,
      }),
      () => this.kafka.admin(),
    );
  }

  consumer(options: ConsumerOptions): KafkaConsumer {
    // kafkajs's default is round robin; a static member's assigners announce its instance id.
    const assigners = options.coPartitioned ? [coPartitionedAssigner] : [PartitionAssigners.roundRobin];
    return new KafkaJsConsumer(
      this.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: options.sessionTimeoutMs,
        heartbeatInterval: options.heartbeatIntervalMs,
        maxWaitTimeInMs: options.maxWaitTimeMs,
        maxBytesPerPartition: options.maxBytesPerPartition,
        allowAutoTopicCreation: false,
        retry: retryOf(options.retry),
        partitionAssigners:
          options.groupInstanceId === undefined
            ? assigners
            : staticMemberAssigners(options.groupInstanceId, assigners),
      }),
    );
  }

  admin(): KafkaAdmin {
    return new KafkaJsAdmin(this.kafka.admin());
  }
}

class KafkaJsProducer implements KafkaProducer {
  private readonly counts: TopicPartitionCounts;

  constructor(
    private readonly producer: Producer,
    admin: () => Admin,
  ) {
    this.counts = new TopicPartitionCounts(admin);
  }

  connect(): Promise<void> {
    return this.producer.connect();
  }

  async send(batch: readonly TopicMessages[]): Promise<void> {
    let unwritten = batch;
    // A broker lost under a send can leave partitions unwritten while it resolves (send-coverage.ts): those
    // partitions' messages go again, a few times, before the send fails.
    for (let attempt = 0; unwritten.length > 0; attempt++) {
      const answer = await this.producer.sendBatch({
        acks: -1,
        // Same shape; kafkajs only reads the arrays (no copy on the relay's hot path).
        topicMessages: unwritten as unknown as KafkaJsTopicMessages[],
      });
      const leftOut = await partitionsLeftOut(unwritten, answer, (topics) => this.counts.of(topics));
      if (leftOut.partitions.length === 0) return;
      // Partitions may have been added since the counts were read: the next round reads them again.
      this.counts.forget(leftOut.partitions.map((p) => p.topic));
      if (attempt + 1 >= SEND_ROUNDS) throw new SendLeftOutError(leftOut.partitions);
      unwritten = leftOut.batch;
    }
  }

  async disconnect(): Promise<void> {
    await this.counts.close();
    await this.producer.disconnect();
  }
}

/** How many times a send goes out before messages still unwritten fail it. */
const SEND_ROUNDS = 5;

/** Each topic's partition count, read once through an admin connection opened on first need. */
class TopicPartitionCounts {
  private readonly counts = new Map<string, number>();
  private admin?: Promise<Admin>;

  constructor(private readonly createAdmin: () => Admin) {}

  async of(topics: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const unknown = topics.filter((t) => !this.counts.has(t));
    if (unknown.length > 0) {
      const admin = await this.connected();
      for (const t of (await admin.fetchTopicMetadata({ topics: unknown })).topics)
        this.counts.set(t.name, t.partitions.length);
    }
    return this.counts;
  }

  forget(topics: readonly string[]): void {
    for (const t of topics) this.counts.delete(t);
  }

  async close(): Promise<void> {
    const admin = this.admin;
    this.admin = undefined;
    if (admin) await (await admin).disconnect();
  }

  private connected(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.createAdmin();
      await admin.connect();
      return admin;
    })().catch((err: unknown) => {
      this.admin = undefined;
      throw err;
    });
    return this.admin;
  }
}

class KafkaJsConsumer implements KafkaConsumer {
  private readonly joined: Promise<void>;
  private readonly recovery: CrashRecovery;

  constructor(private readonly consumer: Consumer) {
    this.recovery = new CrashRecovery(consumer);
    this.joined = new Promise((resolve) => {
      const off = consumer.on(consumer.events.GROUP_JOIN, () => {
        off();
        resolve();
      });
    });
  }

  connect(): Promise<void> {
    return this.consumer.connect();
  }

  subscribe(options: SubscribeOptions): Promise<void> {
    return this.consumer.subscribe({ topics: [...options.topics], fromBeginning: options.fromBeginning });
  }

  runBatches(handler: BatchHandler, options: RunBatchesOptions = {}): Promise<void> {
    const run = () =>
      this.consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: options.autoResolve ?? true,
        partitionsConsumedConcurrently: options.partitionsConsumedConcurrently ?? 1,
        eachBatch: ({ batch, resolveOffset, heartbeat, isRunning, isStale }) =>
          handler(batch, { resolveOffset, heartbeat, isRunning, isStale }),
      });
    this.recovery.running(run);
    return run();
  }

  runMessages(handler: MessageHandler): Promise<void> {
    const run = () =>
      this.consumer.run({
        autoCommit: true,
        eachMessage: ({ topic, partition, message }) =>
          handler({ topic, partition, offset: message.offset, key: message.key, value: message.value }),
      });
    this.recovery.running(run);
    return run();
  }

  commitOffsets(offsets: readonly TopicPartitionOffset[]): Promise<void> {
    return this.consumer.commitOffsets([...offsets]);
  }

  onCrash(listener: (crash: ConsumerCrash) => void): Unsubscribe {
    return this.consumer.on(this.consumer.events.CRASH, (e) =>
      listener({
        error: e.payload.error,
        restart: e.payload.restart || this.recovery.willRecover(e.payload),
      }),
    );
  }

  onGroupJoin(listener: (assignment: PartitionAssignment) => void): Unsubscribe {
    return this.consumer.on(this.consumer.events.GROUP_JOIN, (e) => listener(e.payload.memberAssignment));
  }

  whenJoined(): Promise<void> {
    return this.joined;
  }

  disconnect(): Promise<void> {
    this.recovery.stop();
    return this.consumer.disconnect();
  }
}

class KafkaJsAdmin implements KafkaAdmin {
  constructor(private readonly admin: Admin) {}

  connect(): Promise<void> {
    return this.admin.connect();
  }

  listTopics(): Promise<string[]> {
    return this.admin.listTopics();
  }

  createTopics(topics: readonly TopicRequest[]): Promise<boolean> {
    return this.admin.createTopics({
      topics: topics.map((t) => ({
        topic: t.topic,
        numPartitions: t.numPartitions ?? 1,
        ...(t.replicationFactor !== undefined && { replicationFactor: t.replicationFactor }),
        ...(t.configs && {
          configEntries: Object.entries(t.configs).map(([name, value]) => ({ name, value })),
        }),
      })),
      waitForLeaders: true,
    });
  }

  deleteTopics(topics: readonly string[], timeoutMs = 10_000): Promise<void> {
    return this.admin.deleteTopics({ topics: [...topics], timeout: timeoutMs });
  }

  async fetchTopicMetadata(topics: readonly string[]): Promise<TopicMetadata[]> {
    const metadata = await this.admin.fetchTopicMetadata({ topics: [...topics] });
    return metadata.topics.map((t) => ({
      name: t.name,
      partitions: t.partitions.map((p) => ({
        partitionId: p.partitionId,
        leader: p.leader,
        replicas: p.replicas,
        isr: p.isr,
      })),
    }));
  }

  async describeCluster(): Promise<ClusterDescription> {
    const { clusterId, controller, brokers } = await this.admin.describeCluster();
    return { clusterId, controller, brokers };
  }

  async fetchGroupOffsets(groupId: string): Promise<GroupTopicOffsets[]> {
    const topics = await this.admin.fetchOffsets({ groupId });
    return topics.map((t) => ({
      topic: t.topic,
      partitions: t.partitions.map((p) => ({ partition: p.partition, offset: p.offset })),
    }));
  }

  async fetchTopicOffsets(topic: string): Promise<PartitionWatermarks[]> {
    const offsets = await this.admin.fetchTopicOffsets(topic);
    return offsets.map((p) => ({ partition: p.partition, low: p.low, high: p.high }));
  }

  async createAcls(bindings: readonly AclBinding[]): Promise<void> {
    // kafkajs refuses an empty list; nothing to create is not an error here.
    if (bindings.length === 0) return;
    await this.admin.createAcls({ acl: bindings.map(kafkaJsAclEntry) });
  }

  async describeAcls(filter: AclBindingFilter): Promise<AclBinding[]> {
    const { resources } = await this.admin.describeAcls(kafkaJsAclFilter(filter));
    return aclBindingsOf(resources);
  }

  async deleteAcls(filters: readonly AclBindingFilter[]): Promise<number> {
    if (filters.length === 0) return 0;
    const { filterResponses } = await this.admin.deleteAcls({ filters: filters.map(kafkaJsAclFilter) });
    return filterResponses.reduce((n, r) => n + r.matchingAcls.length, 0);
  }

  disconnect(): Promise<void> {
    return this.admin.disconnect();
  }
}
