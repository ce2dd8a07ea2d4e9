// Creates the platform's topics with their partition counts (from @casino/events); existing ones are kept.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Kafka, logLevel } = require('kafkajs');
let events;
try {
  events = require('@casino/events');
} catch {
  console.error('[kafka] ERROR: @casino/events is not built yet; run `npx turbo run build` first.');
  process.exit(1);
}

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(',');
const prefix = process.env.KAFKA_TOPIC_PREFIX ?? '';
const specs = events.TOPIC_SPECS.map((t) => ({ topic: prefix + t.name, numPartitions: t.partitions }));
const admin = new Kafka({ clientId: 'casino-infra', brokers, logLevel: logLevel.NOTHING }).admin();
try {
  await admin.connect();
  const existing = new Set(await admin.listTopics());
  const missing = specs.filter((t) => !existing.has(t.topic));
  if (missing.length > 0) await admin.createTopics({ topics: missing, waitForLeaders: true });
  for (const t of specs) {
    console.log(`[kafka] topic ${t.topic} (${t.numPartitions} partitions)${existing.has(t.topic) ? '' : ' created'}`);
  }
} catch (err) {
  console.error(`[kafka] ERROR: could not create topics on ${brokers.join(',')}: ${err.message}`);
  process.exitCode = 1;
} finally {
  await admin.disconnect();
}
