import { buildEvent, decodeEvent, encodeEvent, eventKey, gameTopics, prefixedTopics } from '@casino/events';
import { createKafkaClient, KafkaProducer, OutgoingMessage, requireKafkaSecurity } from '@casino/kafka';

/**
 * The ledger's Kafka path with nothing behind it (`npm run bench:kafka-floor` starts it as a process): consumes
 * the bet-command topics with the ledger's consumer settings and principal, decodes and validates each command at
 * the edge as the ledger does, and publishes one BetAccepted per PlaceBet with the outbox relay's producer
 * settings, all that was decided during a send going out in the next one. No database, no rules, no offset
 * commits (the ledger's, in the background, are a few a second): what is left is what Kafka itself costs a
 * decision, in CPU and in time. Environment: KAFKA_BROKERS, KAFKA_TOPIC_PREFIX,
 * KAFKA_GROUP_ID and the Kafka security variables, as the ledger's; STAND_IN_LINGER_MS, the least time between
 * two sends' starts (default 0).
 */
const MAX_SEND = 1_500;

async function main(): Promise<void> {
  const env = process.env;
  const topics = prefixedTopics(env.KAFKA_TOPIC_PREFIX ?? '');
  const kafka = createKafkaClient({
    clientId: 'ledger-stand-in',
    brokers: (env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','),
    logLevel: 'error',
    security: requireKafkaSecurity(env, { username: 'ledger' }),
  });
  // As the outbox relay's (OutboxRelay.start).
  const producer = kafka.producer({ maxInFlightRequests: 1, idempotent: false });
  await producer.connect();
  const relay = new Relay(producer, topics.betDecisions, Number(env.STAND_IN_LINGER_MS ?? 0));
  // As the ledger's (LedgerConsumer.start, LEDGER_PARTITIONS_CONCURRENCY 16).
  const consumer = kafka.consumer({
    groupId: env.KAFKA_GROUP_ID ?? 'bet-ledger',
    sessionTimeoutMs: 120_000,
    heartbeatIntervalMs: 3_000,
    maxWaitTimeMs: 100,
    maxBytesPerPartition: 1_048_576,
  });
  await consumer.connect();
  await consumer.subscribe({ topics: gameTopics(topics, 'betCommands'), fromBeginning: true });
  await consumer.runBatches(
    async (batch, { resolveOffset }) => {
      const decisions: OutgoingMessage[] = [];
      for (const m of batch.messages) {
        const decoded = decodeEvent(batch.topic, m.value);
        if (!decoded.ok || decoded.event.type !== 'PlaceBet') continue;
        const cmd = decoded.event;
        const accepted = buildEvent('BetAccepted', {
          tableId: cmd.tableId,
          roundId: cmd.roundId,
          game: cmd.game,
          playerId: cmd.playerId,
          operatorId: cmd.operatorId,
          currency: cmd.currency,
          commandId: cmd.id,
          causationId: cmd.id,
          stake: cmd.stake,
          bet: cmd.bet,
          betId: cmd.id,
          balance: 0n,
        });
        decisions.push({ key: eventKey(accepted), value: encodeEvent(accepted) });
      }
      if (batch.messages.length > 0) resolveOffset(batch.messages[batch.messages.length - 1].offset);
      relay.handOff(decisions);
    },
    { autoResolve: false, partitionsConsumedConcurrently: 16 },
  );
  process.on('SIGTERM', () => process.exit(0));
  console.log('ready');
}

/** One send at a time, in hand-off order, each taking everything handed over meanwhile (as the relay does). */
class Relay {
  private pending: OutgoingMessage[] = [];
  private sending = false;

  constructor(
    private readonly producer: KafkaProducer,
    private readonly topic: string,
    private readonly lingerMs: number,
  ) {}

  handOff(messages: OutgoingMessage[]): void {
    this.pending.push(...messages);
    if (!this.sending) void this.drain();
  }

  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.pending.length > 0) {
        const started = Date.now();
        const messages = this.pending.splice(0, MAX_SEND);
        await this.producer.send([{ topic: this.topic, messages }]);
        const wait = started + this.lingerMs - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    } catch (err) {
      console.error(`ledger stand-in: send failed: ${String(err)}`);
      process.exit(1);
    } finally {
      this.sending = false;
    }
  }
}

main().catch((err) => {
  console.error(`ledger stand-in failed: ${err instanceof Error ? err.stack : String(err)}`);
  process.exit(1);
});
